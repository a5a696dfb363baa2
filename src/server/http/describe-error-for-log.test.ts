// Issue 16, finding 10: a 500 is logged without the row data of the failed query.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { describeErrorForLog, escapeForLog, isDataException } from './describe-error-for-log';

const secrets = ['Secret Sally', 'sally@private.example', '99 Hidden Lane', '512-555-0199'];

describeEachDatabase('error log', (database) => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    app = createTestApp(database(), { TRUST_PROXY: '1' });
    // A fault the app cannot foresee: the database refuses this one contact.
    await database().db.execute(
      sql`ALTER TABLE saved_properties ADD CONSTRAINT test_refuses_sally CHECK (contact_name <> 'Secret Sally')`,
    );
  });

  it('logs a failed save by route, SQLSTATE and constraint, never the contact, address or phone', async () => {
    const { headers } = await signUpTestUser(app);
    const logged: unknown[][] = [];
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args));
    const response = await app.request('/api/properties', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        address: '99 Hidden Lane',
        marketValue: 200000,
        repairs: [],
        template: defaultTemplate,
        contact: { name: 'Secret Sally', email: 'sally@private.example', phones: ['512-555-0199'] },
      }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Something went wrong. Please try again.' });
    const text = logged
      .flat()
      .map((arg) => (arg instanceof Error ? `${arg.message} ${String(arg.cause)}` : String(arg)));
    expect(text.join('\n')).toMatch(/POST \/api\/properties.* failed: database error 23514/);
    expect(text.join('\n')).toContain('constraint=test_refuses_sally');
    for (const secret of secrets) expect(text.join('\n')).not.toContain(secret);
  });

  it('treats a value the database cannot read as the client’s (class 22), described without it', async () => {
    const error = await database()
      .db.execute(sql`select ${'not-a-uuid-but-private'}::uuid`)
      .catch((caught: unknown) => caught);
    expect(isDataException(error)).toBe(true);
    expect(describeErrorForLog(error)).toMatch(/^database error 22P02/);
    expect(describeErrorForLog(error)).not.toContain('not-a-uuid-but-private');
  });
});

// Issue 25, finding 5: a value a client sent must not write lines of its own into the log.
describe('escapeForLog', () => {
  it('writes line breaks and other control characters as escapes, leaving other text alone', () => {
    expect(escapeForLog('a\nb\r\nc\td\u001b[31me\u0000\u2028f')).toBe('a\\nb\\r\\nc\\td\\u001b[31me\\u0000\\u2028f');
    expect(escapeForLog('Zoë — 100 % “ok” /offer?x=1&y=2')).toBe('Zoë — 100 % “ok” /offer?x=1&y=2');
  });

  it('keeps an error one line before its stack frames, whatever its message holds', () => {
    const error = new Error(
      'bad callbackURL /\n[email outbox] forged to victim@example.com\n    at forged (evil.js:1:1)',
    );
    const lines = describeErrorForLog(error).split('\n');
    expect(lines[0]).toBe(
      'Error: bad callbackURL /\\n[email outbox] forged to victim@example.com\\n    at forged (evil.js:1:1)',
    );
    expect(lines.slice(1).every((line) => /^\s+at /.test(line) && !line.includes('forged'))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
  });
});
