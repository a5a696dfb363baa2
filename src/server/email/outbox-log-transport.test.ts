// Issue 25, finding 5: in production the log-only outbox printed reset and verification links,
// offer tokens and unsubscribe tokens, and a value with line breaks printed forged lines.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureLog } from '#tests/support/capture-log.ts';
import { parseEnv } from '../env';
import { createEmailTransport } from './create-email-transport';
import type { OutboxEmail } from './email-message';
import { createOutboxLogTransport, REDACTED, redactLinkTokens } from './outbox-log-transport';

const offerToken = 'Q2FzaE9mZmVyVG9rZW4tMzItcmFuZG9tLWJ5dGVzLXh5';
const resetToken = 'k3J9xQm2Vb7LpR4sT8wZ1aYc';
const verifyToken = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJl';
const unsubscribeToken = 'dW5zdWJzY3JpYmUtdG9rZW4tZm9yLWJvQGV4YW1wbGUuY29t';

const links = [
  `https://offers.example.com/reset-password?token=${resetToken}`,
  `https://offers.example.com/api/auth/verify-email?token=${verifyToken}&callbackURL=%2F%3Femail-verified%3D1`,
  `https://offers.example.com/offer/${offerToken}`,
  `https://offers.example.com/api/public/offers/${offerToken}/letter.pdf`,
  `https://offers.example.com/unsubscribe?token=${unsubscribeToken}`,
  `https://offers.example.com/api/unsubscribe/one-click?token=${unsubscribeToken}`,
  `https://offers.example.com/api/auth/reset-password/${resetToken}?callbackURL=%2Freset-password`,
];
const secrets = [offerToken, resetToken, verifyToken, unsubscribeToken, ...verifyToken.split('.')];

const message = (overrides: Partial<OutboxEmail> = {}): OutboxEmail => ({
  id: 'b1d4c9e2-0000-4000-8000-000000000001',
  from: 'offers@example.com',
  to: 'bo@example.com',
  subject: 'Your cash offer',
  text: links.join('\n'),
  html: links.map((link) => `<a href="${link.replaceAll('&', '&amp;')}">link</a>`).join(''),
  attempts: 1,
  ...overrides,
});

describe('the log-only outbox', () => {
  it('in production prints every link with its tokens redacted, and what the link was for', async () => {
    const lines: string[] = [];
    await createOutboxLogTransport((line) => lines.push(line), { redactTokens: true }).send(message());
    const log = lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain(`link: https://offers.example.com/reset-password?token=${REDACTED}`);
    expect(log).toContain(
      `link: https://offers.example.com/api/auth/verify-email?token=${REDACTED}&callbackURL=%2F%3Femail-verified%3D1`,
    );
    expect(log).toContain(`link: https://offers.example.com/offer/${REDACTED}`);
    expect(log).toContain(`link: https://offers.example.com/api/public/offers/${REDACTED}/letter.pdf`);
    expect(log).toContain(`link: https://offers.example.com/api/unsubscribe/one-click?token=${REDACTED}`);
  });

  it('locally prints the links whole, so a reset link can be followed', async () => {
    const lines: string[] = [];
    await createOutboxLogTransport((line) => lines.push(line)).send(message());
    for (const link of links) expect(lines.join('\n')).toContain(`  link: ${link}`);
  });

  it('prints no line a message chose: line breaks and control characters in any value are escaped', async () => {
    const forged = '\n[email outbox] forged to victim@example.com: Reset\n  link: https://evil.example/reset?token=x';
    for (const redactTokens of [false, true]) {
      const lines: string[] = [];
      await createOutboxLogTransport((line) => lines.push(line), { redactTokens }).send(
        message({
          to: `bo@example.com${forged}`,
          subject: `Your offer${forged}\u001b[2K`,
          text: 'no links here',
          html: `<a href="https://offers.example.com/?x=1${forged}">x</a>`,
        }),
      );
      const printedLines = lines.join('\n').split('\n');
      expect(printedLines.filter((line) => line.startsWith('[email outbox]'))).toHaveLength(1);
      expect(printedLines.filter((line) => line.startsWith('  link:'))).toHaveLength(1);
      expect(printedLines.join('\n')).not.toContain('\u001b');
      // In production the recipient is left out; locally it is printed, escaped.
      expect(printedLines[0]).toContain(
        redactTokens ? 'Your offer\\n[email outbox] forged' : 'bo@example.com\\n[email outbox] forged',
      );
      if (redactTokens) expect(printedLines.join('\n')).not.toContain('bo@example.com');
    }
  });

  it('in production is the transport only when asked for, and then redacts; the log names only its file', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const demo = parseEnv({
      NODE_ENV: 'production',
      APP_URL: 'https://offers.example.com',
      EMAIL_OUTBOX_LOG: '1',
      DATA_DIR: dataDir,
    });
    const transport = createEmailTransport(demo);
    expect(transport.name).toBe('outbox-log');
    const log = captureLog();
    try {
      await transport.send(message());
    } finally {
      log.restore();
    }
    const file = path.join(dataDir, 'outbox', `${message().id}.txt`);
    expect(log.records.map((record) => record.msg)).toEqual([
      `[email outbox] e-mail ${message().id} kept in ${file} (no e-mail provider configured)`,
    ]);
    const kept = await readFile(file, 'utf8');
    for (const secret of [...secrets, 'bo@example.com']) expect(kept + log.text()).not.toContain(secret);
    expect(kept).toContain(REDACTED);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('locally keeps the whole message in DATA_DIR/outbox, so its links can be followed', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const log = captureLog();
    try {
      await createEmailTransport(parseEnv({ DATA_DIR: dataDir })).send(message());
    } finally {
      log.restore();
    }
    const kept = await readFile(path.join(dataDir, 'outbox', `${message().id}.txt`), 'utf8');
    for (const link of links) expect(kept).toContain(`  link: ${link}`);
    expect(kept).toContain('to bo@example.com: Your cash offer');
    for (const secret of [...secrets, 'bo@example.com']) expect(log.text()).not.toContain(secret);
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('redactLinkTokens', () => {
  it('keeps what is not a secret: the address, the path, a calculator link’s figures', () => {
    const calculator = 'https://offers.example.com/?intent=offer&address=9+Elm+St&market_value=200000';
    expect(redactLinkTokens(calculator)).toBe(calculator);
    expect(redactLinkTokens('https://offers.example.com/leads/42')).toBe('https://offers.example.com/leads/42');
    expect(redactLinkTokens('https://offers.example.com/c/bo-buys-houses')).toBe(
      'https://offers.example.com/c/bo-buys-houses',
    );
  });

  it('redacts a link it cannot read entirely', () => {
    expect(redactLinkTokens('https://[not a url')).toBe(REDACTED);
  });
});
