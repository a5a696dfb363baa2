// After `playwright test`: every shared e2e server's log was scanned when it stopped
// (start-e2e-server.ts with E2E_SERVER_LOG_DIR, scan-server-log.ts). Fails when a server's scan is
// missing or found a personal value or token in its log; prints how many lines were scanned.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LogScan } from './scan-server-log';

const dir = path.resolve(process.argv[2] ?? 'test-results/e2e-server-logs');
const logs = readdirSync(dir).filter((name) => name.endsWith('.log'));
let failed = logs.length === 0;
if (failed) console.error(`no e2e server log in ${dir}`);
for (const name of logs) {
  const scanFile = path.join(dir, name.replace(/\.log$/, '.scan.json'));
  let scan: LogScan;
  try {
    scan = JSON.parse(readFileSync(scanFile, 'utf8')) as LogScan;
  } catch {
    console.error(`${name}: not scanned (no ${path.basename(scanFile)}: did the server stop cleanly?)`);
    failed = true;
    continue;
  }
  console.log(
    `${name}: ${scan.linesScanned} log lines scanned for ${scan.valuesChecked} e-mail addresses, phone numbers, street addresses and tokens: ${scan.leaks.length} found`,
  );
  for (const leak of scan.leaks) console.error(`  ${leak.source} ${leak.masked} on line ${leak.line}`);
  if (scan.leaks.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
