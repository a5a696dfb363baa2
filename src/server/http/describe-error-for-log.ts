/** What a database error (pg's or PGlite's) says about itself beside its message. */
interface DatabaseErrorFields {
  code: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The database's own error anywhere in the cause chain (Drizzle wraps the driver's), or undefined. */
export function databaseErrorOf(error: unknown): DatabaseErrorFields | undefined {
  for (let current = error, depth = 0; isRecord(current) && depth < 5; current = current.cause, depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code) && 'severity' in current) {
      return current as unknown as DatabaseErrorFields;
    }
  }
  return undefined;
}

/**
 * SQLSTATE class 22, "data exception": a value the database cannot store or read as its type
 * (U+0000 in text, a number out of numeric range, a malformed uuid). Input validation should
 * refuse these first; when it does not, the client still sent the bad value.
 */
export function isDataException(error: unknown): boolean {
  return databaseErrorOf(error)?.code.startsWith('22') ?? false;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const namedEscapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text as one log line: line breaks and other control characters written as escapes (`\n`,
 * `\u001b`), so a value a client sent can neither start a forged log line nor move the terminal.
 */
export function escapeForLog(text: string): string {
  return text.replace(
    controlCharacters,
    (character) => namedEscapes[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function stackFrames(error: unknown): string {
  if (!(error instanceof Error) || !error.stack) return '';
  // The stack begins with the message, whose lines are the client's to choose (`\n    at …`).
  const messageAt = error.message ? error.stack.indexOf(error.message) : -1;
  const frames = (messageAt >= 0 ? error.stack.slice(messageAt + error.message.length) : error.stack)
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 8);
  return frames.length > 0 ? `\n${frames.join('\n')}` : '';
}

/**
 * One line (and the stack's frames) for the error log, without row data: a database error is
 * described by its SQLSTATE, table, column, constraint and the query's text with its
 * placeholders, never by its message, detail or parameters (which carry contacts, addresses
 * and recipient lists). Other errors keep their name and message.
 */
export function describeErrorForLog(error: unknown): string {
  const database = databaseErrorOf(error);
  if (database) {
    const where = (['table', 'column', 'constraint', 'routine'] as const)
      .filter((field) => typeof database[field] === 'string' && database[field] !== '')
      .map((field) => `${field}=${database[field]}`)
      .join(' ');
    const query =
      isRecord(error) && typeof error.query === 'string' ? ` query: ${escapeForLog(error.query.slice(0, 300))}` : '';
    return `database error ${database.code}${database.severity ? ` (${database.severity})` : ''}${where ? ` ${where}` : ''}${query}${stackFrames(error)}`;
  }
  if (error instanceof Error) return `${escapeForLog(`${error.name}: ${error.message}`)}${stackFrames(error)}`;
  return `non-error thrown: ${typeof error}`;
}
