// Issue 42 §6: names come from the profile's display name, or the account name the user gave,
// never an e-mail's local part ("dan invited you to dan"): invitations, the team list, a lead's
// assignee and its history.
import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { UNNAMED_MEMBER } from '#domain/workspaces/member-name.ts';
import { sendJson as send } from '#tests/support/send-json.ts';
import { suiteApp } from '#tests/support/suite-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { leeHomesProfile, markEmailVerified, signUpTestUser, uniqueEmail } from '#tests/support/test-users.ts';
import { joinWorkspace, setWorkspacePlan } from '#tests/support/workspaces.ts';
import { emailOutbox, organization, user } from '../db/schema';

describeEachDatabase('the names members see and are e-mailed', (database) => {
  const { app } = suiteApp(database);

  /** An Owner signed up as the register page does (no account name), verified, on Pro. */
  async function unnamedProOwner(local: string) {
    const owner = await signUpTestUser(app(), uniqueEmail(local), { name: '' });
    await markEmailVerified(database().db, owner.user.id);
    await setWorkspacePlan(database().db, owner.user.id, 'pro');
    return owner;
  }

  const lastMailTo = async (to: string) =>
    (
      await database()
        .db.select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, to))
        .orderBy(desc(emailOutbox.createdAt))
    )[0];

  const invite = async (headers: Record<string, string>, email: string) => {
    const invited = await send(app(), 'POST', '/api/workspace/invitations', headers, { email, role: 'acquisitions' });
    expect(invited.status).toBe(201);
    const mail = await lastMailTo(email);
    const token = /\/invitations\/([A-Za-z0-9._-]+)/.exec(mail!.text)![1]!;
    const page = (await (await send(app(), 'GET', `/api/public/invitations/${token}`, {})).json()) as {
      inviterName: string;
      workspaceName: string;
    };
    return { mail: mail!, page };
  };

  it('an unnamed account is "A teammate" of "My workspace", never its e-mail’s local part; its display name once it has one', async () => {
    const owner = await unnamedProOwner('dan');
    const local = owner.user.email.split('@')[0]!;
    const [account] = await database().db.select({ name: user.name }).from(user).where(eq(user.id, owner.user.id));
    expect(account?.name).toBe('');
    const [workspace] = await database()
      .db.select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, owner.user.id));
    expect(workspace?.name).toBe('My workspace');

    const first = await invite(owner.headers, uniqueEmail('rep'));
    expect(first.mail.subject).not.toContain(local);
    expect(first.mail.text).toContain(`${UNNAMED_MEMBER} (${owner.user.email}) invited you to work in My workspace`);
    expect(first.mail.text.replaceAll(owner.user.email, '')).not.toContain(local);
    expect(first.page).toMatchObject({ inviterName: UNNAMED_MEMBER, workspaceName: 'My workspace' });
    const team = (await (await send(app(), 'GET', '/api/workspace', owner.headers)).json()) as {
      members: { userId: string; name: string }[];
    };
    expect(team.members.find((member) => member.userId === owner.user.id)?.name).toBe(UNNAMED_MEMBER);

    // The profile's display name is the name from then on.
    const profile = await send(app(), 'PUT', '/api/profile', owner.headers, leeHomesProfile(null));
    expect(profile.status).toBe(200);
    const second = await invite(owner.headers, uniqueEmail('rep'));
    expect(second.mail.text).toContain(`Lee Homes Buyer (${owner.user.email}) invited you`);
    expect(second.page.inviterName).toBe('Lee Homes Buyer');
    const named = (await (await send(app(), 'GET', '/api/workspace', owner.headers)).json()) as {
      members: { userId: string; name: string }[];
    };
    expect(named.members.find((member) => member.userId === owner.user.id)?.name).toBe('Lee Homes Buyer');
  });

  it('a member’s display name is the one of the workspace they are seen in; the account name they gave stands in elsewhere', async () => {
    const owner = await unnamedProOwner('owner');
    const rep = await signUpTestUser(app(), uniqueEmail('rita'), { name: 'Rita Ramos' });
    await joinWorkspace(database().db, { workspaceId: owner.user.id, userId: rep.user.id, role: 'acquisitions' });
    const team = async () =>
      (
        (await (await send(app(), 'GET', '/api/workspace', owner.headers)).json()) as {
          members: { userId: string; name: string }[];
        }
      ).members.find((member) => member.userId === rep.user.id)?.name;
    expect(await team()).toBe('Rita Ramos');
    // Her profile in the Owner's workspace (her session points there) names her there.
    const profile = await send(app(), 'PUT', '/api/profile', rep.headers, {
      ...leeHomesProfile(null),
      displayName: 'Rita at Lee Homes',
    });
    expect(profile.status).toBe(200);
    expect(await team()).toBe('Rita at Lee Homes');
  });
});
