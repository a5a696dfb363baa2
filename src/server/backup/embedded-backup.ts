import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { authSecretFile } from '../auth/auth-secret';
import { lockDataDir, pgliteDataDir } from '../db/data-dir-lock';

/** A backup or restore that cannot be done, with what to do instead; printed as it is. */
export class BackupRefusal extends Error {}

/** The first line of a backup file, and its version. */
const MAGIC = 'CASH-OFFER-CALCULATOR-BACKUP 1';

/** What a backup file says about itself, on its second line (JSON). */
interface BackupHeader {
  createdAt: string;
  /** DATA_DIR/auth-secret when the server generated one: it signs sessions and keys the settings cipher. */
  authSecret: string | null;
  tables: number;
  rows: number;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
}

/** Tables of the app's schema and their rows, to say what a backup holds and what a restore found. */
async function countRows(client: PGlite): Promise<{ tables: number; rows: number }> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let rows = 0;
  for (const { name } of tables) {
    const { rows: counted } = await client.query<{ count: number }>(`select count(*)::int as count from ${name}`);
    rows += counted[0]?.count ?? 0;
  }
  return { tables: tables.length, rows };
}

/**
 * Writes a consistent copy of DATA_DIR's embedded database to `file`: PGlite's own dump of its
 * data directory (gzip), after a header line with the generated auth secret, without which the
 * restored sessions and saved integration keys would be unreadable. The database must not be
 * open elsewhere (a running server): PGlite is one process's, and its files are only consistent
 * while closed. Written whole to a temporary file, then renamed: never a half-written backup.
 */
export async function backUpEmbeddedDatabase({
  dataDir,
  file,
}: {
  dataDir: string;
  file: string;
}): Promise<BackupSummary> {
  if (!existsSync(path.join(pgliteDataDir(dataDir), 'PG_VERSION'))) {
    throw new BackupRefusal(`There is no embedded database in ${dataDir} (DATA_DIR): nothing to back up.`);
  }
  const unlock = await lockDataDir(dataDir).catch((error: unknown) => {
    throw new BackupRefusal(`${(error as Error).message} A backup reads the database closed.`);
  });
  try {
    const client = new PGlite({ dataDir: pgliteDataDir(dataDir) });
    let dump: Blob;
    let counts: { tables: number; rows: number };
    try {
      counts = await countRows(client);
      dump = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    const authSecret = (await readFile(authSecretFile(dataDir), 'utf8').catch(() => '')).trim() || null;
    const header: BackupHeader = { createdAt: new Date().toISOString(), authSecret, ...counts };
    const bytes = Buffer.concat([
      Buffer.from(`${MAGIC}\n${JSON.stringify(header)}\n`),
      Buffer.from(await dump.arrayBuffer()),
    ]);
    const partial = `${file}.partial`;
    // It holds the secret and every customer's data: readable by its owner only.
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
    return { file, bytes: bytes.length, ...counts };
  } finally {
    await unlock();
  }
}

/** Splits a backup file into its header and the database dump; refuses anything else. */
function readBackup(file: string, bytes: Buffer): { header: BackupHeader; dump: Buffer } {
  const notABackup = new BackupRefusal(`${file} is not a backup written by \`npm run backup\`.`);
  const firstEnd = bytes.indexOf(0x0a);
  if (firstEnd < 0 || bytes.subarray(0, firstEnd).toString() !== MAGIC) throw notABackup;
  const secondEnd = bytes.indexOf(0x0a, firstEnd + 1);
  if (secondEnd < 0) throw notABackup;
  let header: BackupHeader;
  try {
    header = JSON.parse(bytes.subarray(firstEnd + 1, secondEnd).toString()) as BackupHeader;
  } catch {
    throw notABackup;
  }
  return { header, dump: bytes.subarray(secondEnd + 1) };
}

/**
 * Brings a backup back into an empty (or missing) DATA_DIR: the embedded database and the auth
 * secret it was written with. A DATA_DIR that holds anything is refused, so that a restore never
 * overwrites a database. The next `npm start` applies any migration newer than the backup.
 */
export async function restoreEmbeddedDatabase({
  dataDir,
  file,
}: {
  dataDir: string;
  file: string;
}): Promise<BackupSummary> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new BackupRefusal(
      error.code === 'ENOENT' ? `No backup file at ${file}.` : `Cannot read ${file}: ${error.message}`,
    );
  });
  const { header, dump } = readBackup(file, bytes);
  const present = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length > 0) {
    throw new BackupRefusal(
      `${dataDir} (DATA_DIR) is not empty: a restore goes only into an empty folder. Move it aside (or set DATA_DIR to a new folder) and run the restore again.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  try {
    const client = new PGlite({ dataDir: pgliteDataDir(dataDir), loadDataDir: new Blob([new Uint8Array(dump)]) });
    let counts: { tables: number; rows: number };
    try {
      counts = await countRows(client);
    } finally {
      await client.close();
    }
    if (header.authSecret) await writeFile(authSecretFile(dataDir), `${header.authSecret}\n`, { mode: 0o600 });
    return { file, bytes: bytes.length, ...counts };
  } catch (error) {
    // A dump PGlite cannot load leaves DATA_DIR empty again, not half restored.
    for (const entry of await readdir(dataDir)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    await unlock();
  }
}
