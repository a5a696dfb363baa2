import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
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

/** The pid a lock file names: null when it names none, undefined when there is no such file. */
async function holderOf(file: string): Promise<number | null | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const holder = Number(text.trim());
  return Number.isInteger(holder) && holder > 0 ? holder : null;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Puts `existing` at `target` as a second name (a hard link): false when `target` is there already. */
async function linkedInPlace(existing: string, target: string): Promise<boolean> {
  try {
    await link(existing, target);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Replaces a dead holder's lock (`file`, naming `deadHolder`) with this process's (`mine`), as the
 * one contender allowed to: the first to claim `{file}.takeover-{deadHolder}`. Under the claim the
 * lock can only still name the dead holder, or have been replaced by an earlier claimant; it is
 * replaced only in the first case. A claim whose maker died before letting go is removed (two
 * contenders who both find such a claim at once may then both take over: a crash mid-takeover and
 * a race after it, which this accepts). True when the lock is now this process's.
 */
async function takeOver(file: string, mine: string, deadHolder: number | null): Promise<boolean> {
  const claim = `${file}.takeover-${deadHolder ?? 'unreadable'}`;
  if (!(await linkedInPlace(mine, claim))) {
    const taker = await holderOf(claim);
    if (taker && isAlive(taker)) await new Promise((resolve) => setTimeout(resolve, 5));
    else await unlink(claim).catch(() => {});
    return false;
  }
  try {
    if ((await holderOf(file)) !== deadHolder) return false;
    await rename(mine, file);
    return true;
  } finally {
    await unlink(claim).catch(() => {});
  }
}

/**
 * Marks DATA_DIR's embedded database as open by this process, or throws DataDirInUse when another
 * live process has it open: PGlite takes no lock of its own, and two processes writing one data
 * directory corrupt it (a second `npm start`, or a backup taken while the server runs). A lock left
 * by a process that died is taken over (takeOver). Returns the release.
 *
 * Two processes starting at once must not both win: the lock appears whole, pid and all (written
 * to a file of this process's own, then hard-linked into place, which fails if one is there), so
 * nobody reads a half-made lock as a dead one, and a dead one's is replaced by one contender only.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = dataDirLockFile(dataDir);
  const mine = `${file}.${process.pid}`;
  await writeFile(mine, `${process.pid}\n`);
  try {
    for (;;) {
      if (await linkedInPlace(mine, file)) break;
      const holder = await holderOf(file);
      if (holder === undefined) continue;
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUse(
          `The embedded database in ${dataDir} is open in process ${holder} (a running server?). Stop it first.`,
        );
      }
      // Left by a process that died, or by this one.
      if (await takeOver(file, mine, holder)) break;
    }
  } finally {
    await unlink(mine).catch(() => {});
  }
  return async () => {
    if ((await holderOf(file)) === process.pid) await unlink(file).catch(() => {});
  };
}
