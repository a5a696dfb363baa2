// Issue 16, finding 10: security headers on the API and the web app's pages.
import { readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { testPublicConfig } from '#tests/support/test-env.ts';
import { webAssets } from '../web-assets';

const config = testPublicConfig();

function csp(response: Response): Map<string, string> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describeEachDatabase('API security headers', (database) => {
  it('answers every /api request, errors included, with nosniff, a no-document CSP and a referrer policy', async () => {
    const app = createTestApp(database());
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/properties', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const response = await app.request(path);
      expect(response.status).toBe(status);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(csp(response).get('default-src')).toBe("'none'");
      expect(csp(response).get('frame-ancestors')).toBe("'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // Plain http (APP_URL http://localhost:3000): no HSTS.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends HSTS when APP_URL is https', async () => {
    const app = createTestApp(database(), { APP_URL: 'https://offers.example.com' });
    const response = await app.request('/api/health');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}; includeSubDomains$/);
  });
});

describe('page security headers', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'page-headers-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><html><head><title>app</title></head></html>');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('sends a policy that allows only the app’s own scripts, and nosniff and a referrer policy', async () => {
    const response = await webAssets(root, config).request('/saved');
    const policy = csp(response);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('connect-src')).toBe("'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps the personal page frameable, with the same policy otherwise', async () => {
    const response = await webAssets(root, config).request('/c/ann-lee');
    expect(csp(response).get('frame-ancestors')).toBe('*');
    expect(csp(response).get('script-src')).toBe("'self'");
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('cross-origin-resource-policy')).toBeNull();
  });

  it('allows Google’s place suggestions only when they are configured', async () => {
    const withMaps = await webAssets(root, { ...config, googleMapsApiKey: 'key' }).request('/');
    expect(csp(withMaps).get('script-src')).toBe("'self' https://maps.googleapis.com");
  });

  it('sends HSTS to a request that came over https', async () => {
    const response = await webAssets(root, config).request('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=/);
  });

  it('fits the web app’s index.html: no inline script or handler the policy would block', () => {
    const html = readFileSync(path.resolve('src/web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    for (const [, attributes = '', body = ''] of scripts) {
      // Only external module scripts (bundled by vite into /assets) or inert JSON.
      expect(/\bsrc=/.test(attributes) || /type="application\/json"/.test(attributes)).toBe(true);
      if (/\bsrc=/.test(attributes)) expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});
