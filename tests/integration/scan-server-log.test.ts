// The e2e servers' log scan (tests/e2e/support/scan-server-log.ts) finds what it looks for.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanLog } from '../e2e/support/scan-server-log';

const dir = mkdtempSync(path.join(os.tmpdir(), 'log-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scanLog', () => {
  it('finds a stored e-mail address (whatever its case) and a token, masked, with their lines; counts lines and values', () => {
    const log = path.join(dir, 'server.log');
    writeFileSync(
      log,
      [
        '{"level":"info","msg":"request","route":"/api/properties"}',
        '{"level":"warn","msg":"e-mail to Ann.Lee@Example.com failed"}',
        '{"level":"info","msg":"link /offer/Q2FzaE9mZmVyVG9rZW4tMzI"}',
        '',
      ].join('\n'),
    );
    const scan = scanLog(log, [
      { source: 'user.email', value: 'ann.lee@example.com' },
      { source: 'email_outbox link', value: 'Q2FzaE9mZmVyVG9rZW4tMzI' },
      { source: 'leads.phone', value: '512-555-0100' },
      { source: 'user.email', value: 'ANN.LEE@example.com' },
    ]);
    expect(scan).toMatchObject({ linesScanned: 3, valuesChecked: 3 });
    expect(scan.leaks).toEqual([
      { source: 'user.email', masked: 'ann…(19)', line: 2 },
      { source: 'email_outbox link', masked: 'Q2F…(23)', line: 3 },
    ]);
  });
});
