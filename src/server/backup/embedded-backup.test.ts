import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { savedPropertyBody } from '#tests/support/saved-property.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { loadAuthSecret } from '../auth/auth-secret';
import { dataDirLockFile } from '../db/data-dir-lock';
import { openPgliteDatabase, type Database } from '../db/database';
import { BackupRefusal, backUpEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-backup';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const tsxLoader = import.meta.resolve('tsx');

/** Every row of every table of the app's schema, as JSON text by table: what a restore must bring back. */
async function everyRow(db: Database): Promise<Record<string, string[]>> {
  const { rows: tables } = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const all: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const { rows } = (await db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    )) as unknown as { rows: { row: string }[] };
    all[table] = rows.map(({ row }) => row).sort();
  }
  return all;
}

/** Runs `npm run backup` / `npm run restore` as npm does (tsx), with DATA_DIR set. */
function cli(args: string[], dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', tsxLoader, path.join(projectRoot, 'src/server/backup/backup-cli.ts'), ...args],
      {
        env: { DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

let workDir: string;
beforeEach(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'embedded-backup-'));
});
afterEach(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** A DATA_DIR with a user, their saved property and the generated auth secret, closed; its rows. */
async function populatedDataDir(dataDir: string) {
  const secret = await loadAuthSecret({ DATA_DIR: dataDir });
  const database = await openPgliteDatabase({ dataDir });
  try {
    const app = createTestApp(database);
    const user = await signUpTestUser(app);
    const saved = await app.request('/api/properties', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(savedPropertyBody()),
    });
    expect(saved.status).toBe(201);
    return { secret, rows: await everyRow(database.db) };
  } finally {
    await database.close();
  }
}

describe('backing up and restoring the embedded database (issue 40)', () => {
  it('backs up, wipes, restores, and finds every row and the auth secret; refuses to restore over them', async () => {
    const dataDir = path.join(workDir, 'data');
    const before = await populatedDataDir(dataDir);
    expect(before.rows['saved_properties']).toHaveLength(1);
    expect(before.rows['user']).toHaveLength(1);
    const rowCount = Object.values(before.rows).reduce((sum, rows) => sum + rows.length, 0);

    const file = path.join(workDir, 'data.backup');
    const backup = await backUpEmbeddedDatabase({ dataDir, file });
    expect(backup).toMatchObject({ file, tables: Object.keys(before.rows).length, rows: rowCount });
    // It holds every customer's data and the secret: its owner's only.
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    await rm(dataDir, { recursive: true, force: true });
    const restored = await restoreEmbeddedDatabase({ dataDir, file });
    expect(restored).toMatchObject({ tables: backup.tables, rows: backup.rows });
    expect(await loadAuthSecret({ DATA_DIR: dataDir })).toBe(before.secret);
    // A second restore would overwrite a database: refused, and (below) nothing changed.
    await expect(restoreEmbeddedDatabase({ dataDir, file })).rejects.toThrow(
      new BackupRefusal(
        `${dataDir} (DATA_DIR) is not empty: a restore goes only into an empty folder. Move it aside (or set DATA_DIR to a new folder) and run the restore again.`,
      ),
    );
    const database = await openPgliteDatabase({ dataDir });
    try {
      expect(await everyRow(database.db)).toEqual(before.rows);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a backup while another live process has the database open, and a file that is not a backup', async () => {
    const dataDir = path.join(workDir, 'data');
    await populatedDataDir(dataDir);
    // The parent of this test process is alive: as a running server would be.
    await writeFile(dataDirLockFile(dataDir), `${process.ppid}\n`);
    const file = path.join(workDir, 'data.backup');
    await expect(backUpEmbeddedDatabase({ dataDir, file })).rejects.toThrow(
      `is open in process ${process.ppid} (a running server?). Stop it first. A backup reads the database closed.`,
    );
    await expect(stat(file)).rejects.toThrow('ENOENT');

    const notABackup = path.join(workDir, 'notes.txt');
    await writeFile(notABackup, 'hello\n');
    await expect(restoreEmbeddedDatabase({ dataDir: path.join(workDir, 'empty'), file: notABackup })).rejects.toThrow(
      `${notABackup} is not a backup written by \`npm run backup\`.`,
    );
    await expect(readdir(path.join(workDir, 'empty'))).rejects.toThrow('ENOENT');
  }, 120_000);

  it('npm run backup and npm run restore: a round trip, then a clear refusal (no stack trace)', async () => {
    const dataDir = path.join(workDir, 'data');
    const before = await populatedDataDir(dataDir);
    const file = path.join(workDir, 'cli.backup');

    const backup = await cli(['backup', file], dataDir);
    expect(backup.code).toBe(0);
    expect(backup.output).toMatch(
      new RegExp(`^Backed up ${dataDir}: \\d+ tables, \\d+ rows, \\d+ bytes in ${file}\\n$`),
    );

    await rm(dataDir, { recursive: true, force: true });
    const restored = await cli(['restore', file], dataDir);
    expect(restored.code).toBe(0);
    expect(restored.output).toContain(`Restored ${file} into ${dataDir}`);
    const database = await openPgliteDatabase({ dataDir });
    try {
      expect(await everyRow(database.db)).toEqual(before.rows);
    } finally {
      await database.close();
    }

    const again = await cli(['restore', file], dataDir);
    expect(again).toEqual({
      code: 1,
      output: `${dataDir} (DATA_DIR) is not empty: a restore goes only into an empty folder. Move it aside (or set DATA_DIR to a new folder) and run the restore again.\n`,
    });
  }, 180_000);
});
