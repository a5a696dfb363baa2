import { describe, expect, it } from 'vitest';
import { readableLogLine } from './readable-log-line';

const record = {
  level: 'warn',
  time: '2026-11-29T02:04:05.120Z',
  pid: 42,
  hostname: 'app-1',
  msg: 'POST /api/properties failed',
  error: 'database error 23514 (ERROR)\n    at save',
  requestId: 'abc-123',
  status: 500,
};

describe('readableLogLine', () => {
  it('reads as time, level, message and its error, then the fields, without pid and host', () => {
    expect(readableLogLine(record)).toBe(
      '02:04:05.120 WARN  POST /api/properties failed: database error 23514 (ERROR)\\n    at save requestId=abc-123 status=500',
    );
  });

  it('leaves out the time and level when console writes the line through its own method', () => {
    expect(readableLogLine(record, { timeAndLevel: false })).toBe(
      'POST /api/properties failed: database error 23514 (ERROR)\\n    at save requestId=abc-123 status=500',
    );
  });

  it('keeps every value on one line: a message or field cannot start a line of its own', () => {
    const line = readableLogLine({
      level: 'info',
      time: '2026-11-29T02:04:05.120Z',
      msg: 'hello\n02:04:06.000 ERROR forged',
      route: 'a b\nc',
      details: ['x\u001b[2K'],
    });
    expect(line.split('\n')).toHaveLength(1);
    expect(line).not.toContain('\u001b');
    expect(line).toContain('route="a b\\nc"');
  });

  it('writes quotes in a message as quotes, not JSON escapes', () => {
    const line = readableLogLine({
      level: 'warn',
      msg: '[auth] Discovery fetch failed for "google"',
      error: 'said "no"\u2028',
    });
    expect(line).toBe('WARN  [auth] Discovery fetch failed for "google": said "no"\\u2028');
  });
});
