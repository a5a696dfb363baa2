// Issue 25, finding 6: PDFs are rate limited per user (generous: 60 a minute), counted before any
// rendering, so one account cannot keep the server busy drawing documents.
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { PER_USER_ACTION_RATE_LIMIT } from '../rate-limit/limit-per-user';

const calculation = {
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: defaultRepairCatalog,
  template: defaultTemplate,
};
const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

describeEachDatabase('document rate limit', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    app.request(`/api/documents/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify(body),
    });

  it('counts every PDF request of a user, both documents together, and refuses past the limit with a 429', async () => {
    const { headers } = await signUpTestUser(app);
    const valid = { source: { kind: 'calculation', calculation } };
    const letter = await post('offer-letter', headers, valid);
    expect(letter.status).toBe(200);
    expect(letter.headers.get('content-type')).toBe('application/pdf');
    // The rest of the minute's allowance, spent cheaply: malformed requests count as well.
    for (let index = 1; index < PER_USER_ACTION_RATE_LIMIT.limit; index += 1) {
      const path = index % 2 === 0 ? 'offer-letter' : 'deal-sheet';
      expect((await post(path, headers, { source: { kind: 'nothing' } })).status).toBe(400);
    }
    for (const path of ['offer-letter', 'deal-sheet']) {
      const refused = await post(path, headers, valid);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual({
        error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/) as unknown,
        code: 'rate-limited',
      });
    }
    const other = await signUpTestUser(app);
    expect((await post('deal-sheet', other.headers, valid)).status).toBe(200);
  });
});
