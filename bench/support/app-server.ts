import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { cookieFrom, leeHomesProfile, TEST_PASSWORD } from '#tests/support/test-users.ts';

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

/**
 * A wholesaler signed up on the app at `origin` with what its pages show: three saved properties, a
 * personal page and a shared offer. Their session cookie and the two pages homeowners land on.
 */
export async function seedWholesaler(origin: string) {
  const post = (route: string, body: unknown, cookie?: string) =>
    fetch(`${origin}${route}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/auth/sign-up/email', {
    name: 'Lighthouse',
    email: `lighthouse-${Date.now()}@example.com`,
    password: TEST_PASSWORD,
  });
  const cookie = cookieFrom(signUp);
  for (const address of ['12 Oak St, Austin, TX', '9 Elm St, Austin, TX', '3 Pine Rd, Austin, TX']) {
    await post(
      '/api/properties',
      {
        address,
        marketValue: 200000,
        repairs: defaultRepairCatalog,
        template: defaultTemplate,
        contact: { name: 'Ann Lee', email: '', phones: ['512-555-0100'] },
      },
      cookie,
    );
  }
  const handle = `lighthouse-${Date.now().toString(36)}`;
  const profile = await fetch(`${origin}/api/profile`, {
    method: 'PUT',
    headers: { origin, 'content-type': 'application/json', cookie },
    body: JSON.stringify(leeHomesProfile(handle)),
  });
  if (!profile.ok) throw new Error(`setting the personal page failed: ${profile.status}`);
  const shared = await post(
    '/api/offer-links',
    {
      from: 'calculation',
      calculation: {
        address: '12 Oak St, Austin, TX 78701',
        marketValue: 200000,
        repairs: defaultRepairCatalog,
        template: defaultTemplate,
      },
    },
    cookie,
  );
  if (shared.status !== 201) throw new Error(`sharing an offer failed: ${shared.status}`);
  const offerPath = new URL(((await shared.json()) as { url: string }).url).pathname;
  return { cookie, personalPagePath: `/c/${handle}`, offerPath };
}
