import { readFileSync } from 'node:fs';

let commonPasswords: Set<string> | undefined;

function load(): Set<string> {
  // ~38k entries (see common-passwords.NOTICE.md), read once on first use.
  const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
  return new Set(text.split('\n').filter((line) => line.length > 0));
}

/** True when the password (compared case-insensitively) is among the most common passwords. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= load();
  return commonPasswords.has(password.toLowerCase());
}
