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
  'leads/record-lead.ts':
    "lead notifications, to the operator's LEADS_EMAIL, or to the wholesaler's own proven address (readWholesaler)",
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

  it('leave the bulk and revised offers to the policy', () => {
    for (const file of ['bulk-send/queue-due-bulk-items.ts', 'leads-inbox/send-revised-offer.ts']) {
      expect(sources.find((source) => source.file === file)?.text).toMatch(/\bsendToThirdParty\(/);
    }
  });
});
