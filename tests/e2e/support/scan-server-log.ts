// Issue 40 §2: no secret or personal data in any log line. After the e2e journeys, the shared
// server's captured log (start-e2e-server.ts, E2E_SERVER_LOG_DIR) is searched for every e-mail
// address, phone number and street address the journeys stored, and every token the server
// issued (sessions, verification and reset tokens, and the tokens in the links of every e-mail
// it queued), read from the server's own database once it has stopped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { linksIn } from '#server/email/outbox-log-transport.ts';

/** Columns that hold what must never reach a log: contacts, addresses and issued tokens. */
const personalColumns: Record<string, string[]> = {
  user: ['email'],
  session: ['token'],
  account: ['access_token', 'refresh_token', 'id_token', 'password'],
  verification: ['identifier', 'value'],
  invitation: ['id', 'email'],
  saved_properties: ['address', 'contact_email', 'contact_phone'],
  leads: ['address', 'email', 'phone', 'contact_key'],
  offer_links: ['address', 'recipient_email'],
  email_outbox: ['to_address', 'recipient_key'],
  email_unsubscribes: ['email'],
  follow_ups: ['recipient_email', 'recipient_phone', 'recipient_key', 'reply_token', 'offer_url'],
  bulk_send_items: ['email'],
  wholesaler_profiles: ['phone', 'postal_address', 'reply_to_email', 'reply_to_verified_email'],
};

// Shorter values ('TX', a one-digit phone) would match by chance; no real contact or token is this short.
const MIN_LENGTH = 8;

export interface PersonalValue {
  /** Where it was read: `table.column`, or `email_outbox link` for a token in an e-mail's link. */
  source: string;
  value: string;
}

/** A link's secrets: its query values and path segments long enough to be tokens. */
function tokensInLink(link: string): string[] {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return [];
  }
  const parts = [...url.searchParams.values(), ...url.pathname.split('/'), url.hash.slice(1)];
  return parts.filter((part) => /^[A-Za-z0-9_.~-]{16,}$/.test(part));
}

/** Every personal value and issued token in the stopped server's embedded database under `dataDir`. */
export async function personalValuesIn(dataDir: string): Promise<PersonalValue[]> {
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    const values: PersonalValue[] = [];
    for (const [table, columns] of Object.entries(personalColumns)) {
      for (const column of columns) {
        const { rows } = await db.query<{ value: string }>(
          `select distinct "${column}"::text as value from "${table}" where "${column}" is not null`,
        );
        for (const { value } of rows) values.push({ source: `${table}.${column}`, value });
      }
    }
    const { rows: emails } = await db.query<{ text: string; html: string }>('select text, html from email_outbox');
    for (const email of emails)
      for (const link of linksIn(email))
        for (const token of tokensInLink(link)) values.push({ source: 'email_outbox link', value: token });
    return values.filter(({ value }) => value.length >= MIN_LENGTH);
  } finally {
    await db.close();
  }
}

export interface LogScan {
  log: string;
  linesScanned: number;
  valuesChecked: number;
  /** Each value found, masked (its source and first characters), with the first line it is on. */
  leaks: { source: string; masked: string; line: number }[];
}

/** Searches the log for each value (e-mail addresses without regard to case). */
export function scanLog(logFile: string, values: PersonalValue[]): LogScan {
  const lines = readFileSync(logFile, 'utf8').split('\n');
  const lowered = lines.map((line) => line.toLowerCase());
  const leaks: LogScan['leaks'] = [];
  const seen = new Set<string>();
  for (const { source, value } of values) {
    const needle = value.toLowerCase();
    if (seen.has(needle)) continue;
    seen.add(needle);
    const line = lowered.findIndex((text) => text.includes(needle));
    if (line >= 0) leaks.push({ source, masked: `${value.slice(0, 3)}…(${value.length})`, line: line + 1 });
  }
  return { log: logFile, linesScanned: lines.filter((line) => line !== '').length, valuesChecked: seen.size, leaks };
}
