import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPublicConfig } from '#tests/support/test-env.ts';
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

const config = testPublicConfig();

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

  it('keeps a page asked for with a session cookie out of shared caches', async () => {
    const assets = webAssets(root, config);
    const signedIn = await assets.request('/saved', { headers: { cookie: 'cash-offer.session_token=abc.def' } });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(signedIn.headers.get('vary')).toContain('Cookie');
    const signedOut = await assets.request('/saved', { headers: { cookie: 'other.session_token=abc' } });
    expect(signedOut.headers.get('cache-control')).toBe('no-cache');
    expect(signedOut.headers.get('vary')).toContain('Cookie');
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

describe('webAssets with the server render of the public pages', () => {
  let root: string;
  let rendererFile: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'web-assets-render-'));
    await writeFile(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="app" /><title>app</title></head><body>' +
        '<div id="root">\n  <!--page--><div class="frame"></div><!--/page-->\n</div><script type="module" src="/assets/index-1.js"></script></body></html>',
    );
    // A stand-in for dist/server-render/render-page.js: it reads its data through fetchApi, as the real one does.
    // The offer page's module comes with its preloads, named by the page table as Vite's manifest names it.
    await mkdir(path.join(root, '.vite'));
    await writeFile(
      path.join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js' },
        'features/offer-answer/offer-page.tsx': { file: 'assets/offer-page-1.js' },
      }),
    );
    rendererFile = path.join(root, 'render-page.mjs');
    await writeFile(
      rendererFile,
      `export function pagePreloadModule(pathname) {
        return pathname.startsWith('/offer/') ? 'features/offer-answer/offer-page.tsx' : null;
      }
      export async function renderPage({ request, fetchApi }) {
        const url = new URL(request.url);
        if (url.pathname === '/moved') return { status: 302, redirect: '/here' };
        if (url.pathname === '/broken') throw new Error('the render failed');
        if (!url.pathname.startsWith('/offer/abc')) return null;
        if (url.pathname === '/offer/abc/shell') return null;
        const offer = await (await fetchApi(new Request(new URL('/api/public/offers/abc', url)))).json();
        const html = '<main>' + offer.address.replaceAll('<', '&lt;') + '</main>';
        const body = new ReadableStream({ start(controller) { controller.enqueue(new TextEncoder().encode(html)); controller.close(); } });
        return { status: 200, body, pageData: { queries: [{ address: offer.address }] }, title: 'Offer <1>', description: 'An "offer"' };
      }`,
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const hostileAddress = '1 Main St</script><script>alert(1)</script><!--';
  const apiRequests: { url: string; forwardedFor: string | null; env: unknown }[] = [];
  const assets = () =>
    webAssets(root, config, {
      rendererFile,
      fetchApi: (request, env) => {
        apiRequests.push({ url: request.url, forwardedFor: request.headers.get('x-forwarded-for'), env });
        return Response.json({ address: hostileAddress });
      },
    });

  it('answers a page with its render in the root, its title, and its data as inert JSON', async () => {
    const response = await assets().request('/offer/abc', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    // Nothing but the render in the root element, as hydration expects.
    expect(html).toContain(
      '<div id="root"><main>1 Main St&lt;/script>&lt;script>alert(1)&lt;/script>&lt;!--</main></div>',
    );
    expect(html).not.toContain('class="frame"');
    // Its module, preloaded with it.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/offer-page-1.js">');
    expect(html).toContain('<title>Offer &lt;1&gt;</title>');
    expect(html).toContain('<meta name="description" content="An &quot;offer&quot;" />');
    const data = /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toMatch(/[<>]/);
    expect(JSON.parse(data)).toEqual({ queries: [{ address: hostileAddress }] });
    expect(html).not.toContain('<script>alert(1)');
    // The API is asked in-process, for the page's client.
    expect(apiRequests.at(-1)).toMatchObject({
      url: expect.stringMatching(/\/api\/public\/offers\/abc$/),
      forwardedFor: '203.0.113.7',
    });
    // The policy is the one every page has: no inline script allowed.
    expect(cspDirective(response, 'script-src')).toBe("'self'");
  });

  it('redirects when the page says so, and serves the app shell for pages it does not draw', async () => {
    const moved = await assets().request('/moved');
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/here');
    const shell = await (await assets().request('/saved')).text();
    expect(shell).toContain('class="frame"');
    expect(shell).not.toContain('id="page-data"');
    expect(shell).not.toContain('rel="modulepreload"');
    // A page left to the browser still comes with its module's preloads.
    const offerShell = await (await assets().request('/offer/abc/shell')).text();
    expect(offerShell).toContain('class="frame"');
    expect(offerShell).toContain('<link rel="modulepreload" crossorigin href="/assets/offer-page-1.js">');
  });

  it('serves the app shell, for the browser to draw, when the render fails', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const response = await assets().request('/broken');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('class="frame"');
    expect(vi.mocked(console.error).mock.calls.flat().join(' ')).toMatch(/server render of \/broken failed/);
  });

  it('refuses to start without a built renderer', () => {
    expect(() =>
      webAssets(root, config, { rendererFile: path.join(root, 'missing.js'), fetchApi: () => new Response() }),
    ).toThrow(/npm run build/);
  });
});
