// Issue 42 §6: migration 0029 clears the names the register page made of an e-mail's local part
// (the account's, and its own workspace's, which became 'My workspace'), keeps every name a person
// gave, and names a new unnamed account's own workspace 'My workspace'.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeMigration } from '#tests/support/migration-database.ts';

const MIGRATION = '0029_names-not-from-email';

describeMigration(MIGRATION, ({ before, through, db }) => {
  beforeAll(async () => {
    await db.migrate(before);
    // Dan registered through the old page (named 'dan'); Ann gave her name (Google's, or typed).
    await db.execute(sql`insert into "user" (id, name, email) values ('dan-id', 'dan', 'dan@example.com')`);
    await db.execute(sql`insert into "user" (id, name, email) values ('ann-id', 'Ann Lee', 'ann@example.com')`);
    await db.migrate(through);
  });

  const nameOf = async (table: 'user' | 'organization', id: string) =>
    (await db.execute<{ name: string }>(sql`select name from ${sql.identifier(table)} where id = ${id}`)).rows[0]?.name;

  it('clears a name made of the e-mail’s local part, and names that account’s workspace neutrally', async () => {
    expect(await nameOf('user', 'dan-id')).toBe('');
    expect(await nameOf('organization', 'dan-id')).toBe('My workspace');
  });

  it('keeps a name the person gave, for the account and its workspace', async () => {
    expect(await nameOf('user', 'ann-id')).toBe('Ann Lee');
    expect(await nameOf('organization', 'ann-id')).toBe('Ann Lee');
  });

  it('names a new unnamed account’s own workspace "My workspace"', async () => {
    await db.execute(sql`insert into "user" (id, name, email) values ('new-id', '', 'new@example.com')`);
    expect(await nameOf('organization', 'new-id')).toBe('My workspace');
  });
});
