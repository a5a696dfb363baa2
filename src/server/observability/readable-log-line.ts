/** A log record as pino writes it (JSON), before it is made readable. */
export type LogRecord = Record<string, unknown> & { level?: unknown; time?: unknown; msg?: unknown };

// Fields every line has, left out of the readable form (the JSON lines keep them).
const hiddenFields = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

// C0 and C1 control characters, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text with its control characters written as escapes (`\n`, `\u001b`), and nothing else changed: quotes stay quotes. */
function escapeControlCharacters(text: string): string {
  return text.replace(
    CONTROL_CHARACTER,
    (character) => SHORT_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A value as it reads in one line: JSON's escapes keep a value's line breaks and control characters out of the log. */
function readableValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w./:@-]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * One record as a person reads it in a terminal: `12:04:05.120 WARN message: error key=value …`
 * (without the time and level when `console` writes them through its own method). The message's
 * control characters are escaped, so no value can start a line of its own; its quotes are left as
 * they are, where JSON would write `\"`.
 */
export function readableLogLine(record: LogRecord, { timeAndLevel = true } = {}): string {
  const time = timeAndLevel && typeof record.time === 'string' ? record.time.slice(11, 23) : '';
  const level = timeAndLevel
    ? String(record.level ?? '')
        .toUpperCase()
        .padEnd(5)
    : '';
  const message = typeof record.msg === 'string' ? escapeControlCharacters(record.msg) : '';
  // An error's description follows the message it explains.
  const error = typeof record.error === 'string' ? `: ${escapeControlCharacters(record.error)}` : '';
  const fields = Object.entries(record)
    .filter(([key, value]) => !hiddenFields.has(key) && value !== undefined && !(key === 'error' && error))
    .map(([key, value]) => `${key}=${readableValue(value)}`);
  return [time, level, `${message}${error}`, ...fields].filter((part) => part !== '').join(' ');
}
