export type DotState = 'checking' | 'ok' | 'missing';

/** A coloured dot beside a status text; decorative, the text says the same. */
export function StatusDot({ state }: { state: DotState }) {
  return <span className={`status-dot status-dot-${state}`} aria-hidden="true" />;
}
