import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface AppServer {
  origin: string;
  stop(): Promise<void>;
}

/** The app as `npm start` runs it (after `npm run build`), on a random port with an empty PGlite database of its own. */
export async function startAppServer(): Promise<AppServer> {
  const port = 7000 + Math.floor(Math.random() * 1000);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-app-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), APP_URL: origin, DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const stop = async () => {
    // The database's files are removed once the server, which writes them until it ends, has ended.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 900; attempt++) {
    const response = await fetch(`${origin}/api/health`).catch(() => undefined);
    if (response?.ok) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('the app server did not start');
}
