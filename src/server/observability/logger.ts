import { pino, type DestinationStream, type Logger } from 'pino';
import type { Env } from '../env';
import { readableLogLine, type LogRecord } from './readable-log-line';
import { currentRequestContext } from './request-context';

/** A level the logger may be set to: LOG_LEVEL's values (env.ts). */
export type LogLevel = Env['LOG_LEVEL'];

/**
 * Keys whose values are never written, wherever a caller passes them (one level deep too): the
 * first line of defence; the second is that no caller logs such a value at all.
 */
const secretKeys = [
  'password',
  'newPassword',
  'token',
  'secret',
  'apiKey',
  'authorization',
  'cookie',
  'set-cookie',
  'email',
  'to',
  'phone',
  'phones',
  'address',
];
const redactedPaths = [...secretKeys, ...secretKeys.map((key) => `*.${key}`)];

/** The server's one logger, before configureLogger: what it writes in tests (see consoleDestination). */
function buildLogger(level: LogLevel, destination: DestinationStream): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactedPaths, censor: '[redacted]' },
      // Every line a request causes carries its id (and its user and workspace once known). A copy:
      // pino merges the line's own fields into the object the mixin returns.
      mixin: () => ({ ...currentRequestContext() }),
    },
    destination,
  );
}

const consoleMethods = { fatal: 'error', error: 'error', warn: 'warn', info: 'info', debug: 'debug', trace: 'debug' };

/**
 * Readable lines through `console` at the line's level: the logger's destination until the server
 * configures it, which is what tests see (tests/support/fail-on-console-error.ts fails a test on an
 * unexpected error line, and a test can spy on a level as it would on console).
 */
function consoleDestination(): DestinationStream {
  return {
    write(line: string) {
      const record = JSON.parse(line) as LogRecord;
      const method = consoleMethods[record.level as keyof typeof consoleMethods] ?? 'log';
      console[method as 'error' | 'warn' | 'info' | 'debug'](readableLogLine(record, { timeAndLevel: false }));
    },
  };
}

/** Readable lines on the terminal: warnings and errors on stderr, the rest on stdout. */
function readableDestination(): DestinationStream {
  return {
    write(line: string) {
      const record = JSON.parse(line) as LogRecord;
      const stream =
        record.level === 'warn' || record.level === 'error' || record.level === 'fatal'
          ? process.stderr
          : process.stdout;
      stream.write(`${readableLogLine(record)}\n`);
    },
  };
}

/** The server's logger; configureLogger replaces it at start (ESM exports are live bindings, so importers see it). */
export let logger: Logger = buildLogger('warn', consoleDestination());

export interface LoggerOptions {
  level: LogLevel;
  /** 'json': one JSON object a line on stdout (production, for a log system); 'readable': lines for a terminal. */
  format: 'json' | 'readable';
  /** Where lines go instead (tests): each call receives one JSON line. */
  destination?: DestinationStream;
}

/** Sets the server's logger for the process (main.ts, from LOG_LEVEL and NODE_ENV); returns the new logger. */
export function configureLogger({ level, format, destination }: LoggerOptions): Logger {
  logger = buildLogger(
    level,
    destination ?? (format === 'json' ? pino.destination({ dest: 1, sync: false }) : readableDestination()),
  );
  return logger;
}

/** Back to the logger tests start with (console, warnings and errors): after a test that configured its own. */
export function resetLogger() {
  logger = buildLogger('warn', consoleDestination());
}
