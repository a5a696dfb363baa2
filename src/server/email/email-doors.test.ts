// Issue 25: every e-mail to someone other than the signed-in user leaves through the one sending
// policy (send-to-third-party.ts). This lists every other door to the outbox with whom it writes to;
// a new path that queues e-mail fails here until it goes through the policy or is added below
// with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The files that may queue e-mail without the sending policy, and to whom they write. */
const DOORS_BESIDE_THE_POLICY: Record<string, string> = {
  'email/send-to-third-party.ts': 'the sending policy itself',
  'auth/create-auth.ts': 'password reset links, to the account holder',
  'auth/send-verification-email.ts': 'verification links, to the account holder',
  'email/send-notification.ts':
    "the policy's notices to the app's own users: lead notifications, to the operator's LEADS_EMAIL or the assignee's proven address, typed text withheld when it carries a link",
};

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the doors to the e-mail outbox', () => {
  const sources = serverSources(serverDir).map((path) => ({
    file: relative(serverDir, path).replaceAll('\\', '/'),
    text: readFileSync(path, 'utf8'),
  }));

  it('are the sending policy and the listed e-mails to the account holder or the operator', () => {
    const queuing = sources
      .filter(
        ({ file, text }) =>
          file !== 'email/enqueue-email.ts' && /import\s*{[^}]*\b(?:enqueueEmail|sendEmail)\b[^}]*}\s*from/.test(text),
      )
      .map(({ file }) => file)
      .sort();
    expect(queuing).toEqual(Object.keys(DOORS_BESIDE_THE_POLICY).sort());
  });

  it('write to email_outbox only through enqueueEmail', () => {
    const writers = sources.filter(({ text }) => /insert\(emailOutbox\)|insert into "?email_outbox/i.test(text));
    expect(writers.map(({ file }) => file)).toEqual(['email/enqueue-email.ts']);
  });

  it('leave every e-mail to a third party to the policy: bulk and revised offers, deals to buyers, follow-ups, invitations, reply-to proofs', () => {
    const callers = sources
      .filter(({ file, text }) => file !== 'email/send-to-third-party.ts' && /\bsendToThirdParty\(/.test(text))
      .map(({ file }) => file)
      .sort();
    expect(callers).toEqual([
      'bulk-send/queue-due-bulk-items.ts',
      'deal-links/send-deal.ts',
      'follow-ups/run-due-follow-ups.ts',
      'leads-inbox/send-revised-offer.ts',
      'profile/send-reply-to-proof.ts',
      'workspaces/invitations.ts',
    ]);
  });

  it('leave every notice to the app’s own users to the policy’s sendNotification: lead and assignment notifications', () => {
    const callers = sources
      .filter(({ file, text }) => file !== 'email/send-notification.ts' && /\bsendNotification\(/.test(text))
      .map(({ file }) => file)
      .sort();
    expect(callers).toEqual(['leads/record-lead.ts', 'profile/notify-assignee.ts']);
  });

  it('hand the policy the typed text each e-mail carries: no caller declares none', () => {
    // A subject or greeting filled from a CSV row, a lead or a form is typed text (issue 25).
    const declaringNone = sources
      .filter(({ text }) => /\btypedText:\s*(?:\[\s*\]|\{\s*\})/.test(text))
      .map(({ file }) => file);
    expect(declaringNone).toEqual([]);
  });
});
