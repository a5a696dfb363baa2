import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDirLockFile, DataDirInUse, lockDataDir } from './data-dir-lock';

const tsxLoader = import.meta.resolve('tsx');
const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');
const CONTENDERS = 6;

/** The pid of a process that has ended. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid!));
  });
}

/** A process that tries to lock `dataDir` when told 'go', says what it got, and lets go when told 'end'. */
function contender(dataDir: string) {
  const script = `
    const { lockDataDir, DataDirInUse } = await import(${JSON.stringify(lockModule)});
    const lines = (await import('node:readline')).createInterface({ input: process.stdin })[Symbol.asyncIterator]();
    console.log('ready');
    await lines.next();
    let release = async () => {};
    try {
      release = await lockDataDir(${JSON.stringify(dataDir)});
      console.log('won');
    } catch (error) {
      console.log(error instanceof DataDirInUse ? 'in use' : String(error));
    }
    await lines.next();
    await release();`;
  const child = spawn(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const said: string[] = [];
  const waiting: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    said.push(...chunk.toString().trim().split('\n'));
    for (const wake of waiting.splice(0)) wake();
  });
  const nextLine = async (index: number) => {
    while (said.length <= index) await new Promise<void>((resolve) => waiting.push(resolve));
    return said[index]!;
  };
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return { child, nextLine, exited };
}

/** `CONTENDERS` processes that try to lock `dataDir` at once, each holding what it won until all have tried. */
async function contend(dataDir: string): Promise<string[]> {
  const contenders = Array.from({ length: CONTENDERS }, () => contender(dataDir));
  await Promise.all(contenders.map(({ nextLine }) => nextLine(0)));
  for (const { child } of contenders) child.stdin.write('go\n');
  const answers = await Promise.all(contenders.map(({ nextLine }) => nextLine(1)));
  for (const { child } of contenders) child.stdin.end('end\n');
  await Promise.all(contenders.map(({ exited }) => exited));
  return answers;
}

describe('lockDataDir', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'data-dir-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("refuses a live process's lock, takes over a dead one's, and its release leaves nothing behind", async () => {
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(dataDirLockFile(dataDir), `${live.pid}\n`);
      await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUse);
      expect(await readFile(dataDirLockFile(dataDir), 'utf8')).toBe(`${live.pid}\n`);
    } finally {
      live.kill();
    }

    await writeFile(dataDirLockFile(dataDir), `${await deadPid()}\n`);
    const release = await lockDataDir(dataDir);
    expect(await readFile(dataDirLockFile(dataDir), 'utf8')).toBe(`${process.pid}\n`);
    await release();
    expect(await readdir(dataDir)).toEqual([]);
  });

  it(`lets exactly one of ${CONTENDERS} processes starting at once win, with no lock left or with a dead one's`, async () => {
    expect((await contend(dataDir)).sort()).toEqual([...Array(CONTENDERS - 1).fill('in use'), 'won']);
    expect(await readdir(dataDir)).toEqual([]);

    await writeFile(dataDirLockFile(dataDir), `${await deadPid()}\n`);
    expect((await contend(dataDir)).sort()).toEqual([...Array(CONTENDERS - 1).fill('in use'), 'won']);
    expect(await readdir(dataDir)).toEqual([]);
  }, 30_000);
});
