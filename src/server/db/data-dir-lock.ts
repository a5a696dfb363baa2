import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Why the embedded database cannot be opened: another live process has it open. */
export class DataDirInUse extends Error {}

/** The embedded database's own folder inside DATA_DIR (beside its lock file, the auth secret and the outbox). */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** The file that says which process has DATA_DIR's embedded database open. */
export function dataDirLockFile(dataDir: string): string {
  return path.join(dataDir, 'pglite.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks DATA_DIR's embedded database as open by this process, or throws DataDirInUse when another
 * live process has it open: PGlite takes no lock of its own, and two processes writing one data
 * directory corrupt it (a second `npm start`, or a backup taken while the server runs). A lock left
 * by a process that died is taken over. Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = dataDirLockFile(dataDir);
  for (;;) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUse(
        `The embedded database in ${dataDir} is open in process ${holder} (a running server?). Stop it first.`,
      );
    }
    // Left by a process that died, or by this one: taken over.
    await unlink(file).catch(() => {});
  }
  return async () => {
    const holder = (await readFile(file, 'utf8').catch(() => '')).trim();
    if (holder === String(process.pid)) await unlink(file).catch(() => {});
  };
}
