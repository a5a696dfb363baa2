import { afterEach, describe, expect, it } from 'vitest';
import { captureLog } from '#tests/support/capture-log.ts';
import { logger } from './logger';
import { runInRequestContext } from './request-context';

let log: ReturnType<typeof captureLog> | undefined;
afterEach(() => log?.restore());

describe('the server logger', () => {
  it('never writes the values of known secret and personal keys, at the top or one level down', () => {
    log = captureLog();
    logger.info(
      {
        password: 'hunter2-hunter2',
        token: 'tok_abcdefabcdef',
        email: 'ann@example.com',
        phone: '512-555-0100',
        address: '12 Oak St',
        cookie: 'session=s3cr3t',
        body: { email: 'bo@example.com', apiKey: 'pit-0001-secret', to: 'cy@example.com' },
        kept: 'visible',
      },
      'a line',
    );
    const text = log.text();
    for (const secret of [
      'hunter2',
      'tok_abc',
      'ann@example.com',
      '555-0100',
      'Oak St',
      's3cr3t',
      'bo@example.com',
      'pit-0001',
      'cy@example.com',
    ])
      expect(text).not.toContain(secret);
    expect(log.records[0]).toMatchObject({ level: 'info', msg: 'a line', kept: 'visible', password: '[redacted]' });
  });

  it("gives a request's lines its id, user and workspace, and leaves the context as it was", () => {
    log = captureLog();
    const context = { requestId: 'req-1', userId: 'user-1', workspaceId: 'ws-1' };
    runInRequestContext(context, () => logger.warn({ extra: 1 }, 'inside'));
    logger.warn('outside');
    expect(log.records[0]).toMatchObject({ msg: 'inside', requestId: 'req-1', userId: 'user-1', workspaceId: 'ws-1' });
    expect(log.records[1]).not.toHaveProperty('requestId');
    expect(context).toEqual({ requestId: 'req-1', userId: 'user-1', workspaceId: 'ws-1' });
  });

  it('writes at LOG_LEVEL and above only', () => {
    log = captureLog('warn');
    logger.info('not written');
    logger.debug('not written either');
    logger.error('written');
    expect(log.records.map((record) => record.msg)).toEqual(['written']);
  });
});
