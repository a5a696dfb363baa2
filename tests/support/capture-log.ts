// The server logger's lines, captured for a test (at `level`, JSON records), instead of the console
// the logger writes to in tests by default (src/server/observability/logger.ts).
import { configureLogger, resetLogger, type LogLevel } from '#server/observability/logger.ts';
import type { LogRecord } from '#server/observability/readable-log-line.ts';

export interface CapturedLog {
  records: LogRecord[];
  /** Every captured record as its JSON line, joined: for "does not contain" checks. */
  text(): string;
  /** Back to the default logger; call it in afterEach or finally. */
  restore(): void;
}

export function captureLog(level: LogLevel = 'info'): CapturedLog {
  const lines: string[] = [];
  configureLogger({ level, format: 'json', destination: { write: (line: string) => void lines.push(line) } });
  return {
    get records() {
      return lines.map((line) => JSON.parse(line) as LogRecord);
    },
    text: () => lines.join(''),
    restore: resetLogger,
  };
}
