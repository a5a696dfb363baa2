/** A log record as pino writes it (JSON), before it is made readable. */
export type LogRecord = Record<string, unknown> & { level?: unknown; time?: unknown; msg?: unknown };

// Fields every line has, left out of the readable form (the JSON lines keep them).
const hiddenFields = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** A value as it reads in one line: JSON's escapes keep a value's line breaks and control characters out of the log. */
function readableValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w./:@-]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * One record as a person reads it in a terminal: `12:04:05.120 WARN message: error key=value …`
 * (without the time and level when `console` writes them through its own method). The message's
 * control characters are escaped as JSON escapes them, so no value can start a line of its own.
 */
export function readableLogLine(record: LogRecord, { timeAndLevel = true } = {}): string {
  const time = timeAndLevel && typeof record.time === 'string' ? record.time.slice(11, 23) : '';
  const level = timeAndLevel
    ? String(record.level ?? '')
        .toUpperCase()
        .padEnd(5)
    : '';
  const message = typeof record.msg === 'string' ? JSON.stringify(record.msg).slice(1, -1) : '';
  // An error's description follows the message it explains.
  const error = typeof record.error === 'string' ? `: ${JSON.stringify(record.error).slice(1, -1)}` : '';
  const fields = Object.entries(record)
    .filter(([key, value]) => !hiddenFields.has(key) && value !== undefined && !(key === 'error' && error))
    .map(([key, value]) => `${key}=${readableValue(value)}`);
  return [time, level, `${message}${error}`, ...fields].filter((part) => part !== '').join(' ');
}
