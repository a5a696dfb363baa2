// `npm run backup [-- FILE]` and `npm run restore FILE`: the embedded database (PGlite in DATA_DIR)
// to a file and back (embedded-backup.ts). PostgreSQL has its own tools: pg_dump and pg_restore.
import path from 'node:path';
import { DataDirInUse } from '../db/data-dir-lock';
import { ConfigurationError, parseEnv } from '../env';
import { BackupRefusal, backUpEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-backup';

const usage = 'Usage: npm run backup [-- FILE]  |  npm run restore FILE';

function defaultBackupFile(at: Date): string {
  return `cash-offer-calculator-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.backup`;
}

async function run(command: string | undefined, file: string | undefined): Promise<string> {
  const env = parseEnv();
  if (env.DATABASE_URL) {
    throw new BackupRefusal(
      'DATABASE_URL is set: this server keeps its data in PostgreSQL. Back it up with pg_dump and restore it with pg_restore (README, Backups).',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  if (command === 'backup') {
    const backup = await backUpEmbeddedDatabase({ dataDir, file: path.resolve(file ?? defaultBackupFile(new Date())) });
    return `Backed up ${dataDir}: ${backup.tables} tables, ${backup.rows} rows, ${backup.bytes} bytes in ${backup.file}`;
  }
  if (command === 'restore' && file) {
    const restored = await restoreEmbeddedDatabase({ dataDir, file: path.resolve(file) });
    return `Restored ${restored.file} into ${dataDir}: ${restored.tables} tables, ${restored.rows} rows. Start the server with this DATA_DIR.`;
  }
  throw new BackupRefusal(usage);
}

const [command, file] = process.argv.slice(2);
run(command, file).then(
  (done) => console.log(done),
  (error: unknown) => {
    // What went wrong and what to do, not a stack trace.
    if (error instanceof BackupRefusal || error instanceof DataDirInUse || error instanceof ConfigurationError) {
      console.error(error.message);
    } else {
      console.error(`The ${command ?? 'backup'} failed:`, error);
    }
    process.exitCode = 1;
  },
);
