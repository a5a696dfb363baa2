import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from './config/public-config';
import { webAssets } from './web-assets';

/** The value of one directive of the answer's Content-Security-Policy. */
function cspDirective(response: Response, name: string) {
  const policy = response.headers.get('content-security-policy') ?? '';
  const directive = policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
  return directive?.slice(name.length + 1);
}

const config: PublicConfig = {
  googleMapsApiKey: null,
  googleClientId: null,
  googleSignIn: false,
  billingMode: 'demo',
  stripePublishableKey: null,
  leadFormUrl: null,
  emailDelivery: 'outbox',
};

describe('webAssets', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'web-assets-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><title>app</title><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(root, 'assets', 'index-abc123.css'), '.site-header{display:flex}');
    await writeFile(path.join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
    await mkdir(path.join(root, '.vite'));
    await writeFile(path.join(root, '.vite', 'manifest.json'), '{}');
  });

  it('keeps the build manifest to itself', async () => {
    expect((await webAssets(root, config).request('/.vite/manifest.json')).status).toBe(404);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('serves index.html for client-side routes, never cached', async () => {
    const response = await webAssets(root, config).request('/saved');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>app</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('writes the stylesheet into every page, so nothing is requested before the first paint', async () => {
    const html = await (await webAssets(root, config).request('/login')).text();
    expect(html).toContain('<style>.site-header{display:flex}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('writes the public configuration into every page, inert whatever its values', async () => {
    const hostile = { ...config, leadFormUrl: 'https://forms.example/</script><script>alert(1)</script>' };
    const html = await (await webAssets(root, hostile).request('/saved')).text();
    const match = /<script id="public-config" type="application\/json">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(match![1]!)).toEqual(hostile);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('starts a signed-in page’s first requests with the page, only for a session cookie and no query', async () => {
    const assets = webAssets(root, config);
    const page = async (route: string, cookie?: string) =>
      (await assets.request(route, { headers: cookie ? { cookie } : {} })).text();
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch"[^>]*>/g)].map(([tag]) => tag);

    const signedIn = 'cash-offer.session_token=abc.def';
    expect(preloads(await page('/saved', signedIn))).toEqual([
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/get-session">',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/subscription">',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/properties?limit=100">',
    ]);
    expect(preloads(await page('/leads', `theme=dark; __Secure-${signedIn}`))).toEqual([
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/get-session">',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/profile">',
    ]);
    // Signed out the requests would be refused; a filtered inbox asks for other data.
    expect(preloads(await page('/saved'))).toEqual([]);
    expect(preloads(await page('/saved', 'other.session_token=abc'))).toEqual([]);
    expect(preloads(await page('/leads?status=new', signedIn))).toEqual([]);
    expect(preloads(await page('/', signedIn))).toEqual([]);
    // A shared cache must not hand one visitor's variant to another.
    expect((await assets.request('/saved')).headers.get('vary')).toContain('Cookie');
  });

  it('lets only a personal calculator page be framed by other sites', async () => {
    const personal = await webAssets(root, config).request('/c/ann-lee');
    expect(cspDirective(personal, 'frame-ancestors')).toBe('*');
    expect(personal.headers.get('x-frame-options')).toBeNull();
    for (const route of ['/', '/saved', '/leads', '/offer/abc', '/c/ann-lee/x', '/c/']) {
      const response = await webAssets(root, config).request(route);
      expect(cspDirective(response, 'frame-ancestors')).toBe("'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await webAssets(root, config).request('/assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers 404 for an asset that is not in this build', async () => {
    const response = await webAssets(root, config).request('/assets/main-old999.js');
    expect(response.status).toBe(404);
  });

  it('refuses to start without a build', () => {
    expect(() => webAssets(path.join(root, 'missing'), config)).toThrow(/npm run build/);
  });
});
