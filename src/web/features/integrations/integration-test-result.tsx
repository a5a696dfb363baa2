import { ApiError } from '#web/api/api-client.ts';

interface IntegrationTestResultProps {
  /** The last test's answer and failure, straight from its mutation (both cleared while a test runs). */
  data: { detail: string } | undefined;
  error: Error | null;
  /** Shown when the failure carries no server message. */
  failedText: string;
}

/** An integration card's last test outcome: the service's detail, or the server's message. */
export function IntegrationTestResult({ data, error, failedText }: IntegrationTestResultProps) {
  const result = data
    ? { ok: true, text: data.detail }
    : error
      ? { ok: false, text: error instanceof ApiError ? error.message : failedText }
      : null;
  return (
    <p
      className={`integration-result ${result ? (result.ok ? 'integration-result-ok' : 'integration-result-error') : ''}`}
      role="status"
    >
      {result?.text}
    </p>
  );
}
