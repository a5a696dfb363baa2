// Issue 25, finding 6: creating share links is rate limited per user (generous: 60 a minute).
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { offerLinks } from '../db/schema';
import { PER_USER_ACTION_RATE_LIMIT } from '../rate-limit/limit-per-user';

const calculation = {
  address: '12 Oak St, Austin, TX',
  marketValue: 200000,
  repairs: defaultRepairCatalog,
  template: defaultTemplate,
};
const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

describeEachDatabase('share link rate limit', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
  });

  const share = (headers: Record<string, string>, body: unknown) =>
    app.request('/api/offer-links', {
      method: 'POST',
      // Every request from a new address: the limit follows the account, not the address.
      headers: { ...headers, 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify(body),
    });

  it('refuses a user’s share links past the limit with a clear 429 and creates no link', async () => {
    const { headers, user } = await signUpTestUser(app);
    for (let index = 0; index < PER_USER_ACTION_RATE_LIMIT.limit; index += 1) {
      const shared = await share(headers, {
        from: 'calculation',
        calculation: { ...calculation, marketValue: 200000 + index },
      });
      expect(shared.status).toBe(201);
    }
    const refused = await share(headers, { from: 'calculation', calculation });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/) as unknown,
      code: 'rate-limited',
    });
    expect(await database().db.select().from(offerLinks).where(eq(offerLinks.userId, user.id))).toHaveLength(
      PER_USER_ACTION_RATE_LIMIT.limit,
    );

    const other = await signUpTestUser(app);
    expect((await share(other.headers, { from: 'calculation', calculation })).status).toBe(201);
  });
});
