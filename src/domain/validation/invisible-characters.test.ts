import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasNoInvisibleCharacters } from './invisible-characters';

/** Every character the rule refuses on one line; on several lines tab, line feed and carriage return are allowed. */
const refused = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, offset) => 0x7f + offset),
  0x061c,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0x206a,
  0x206f,
  0xfff9,
  0xfffb,
].map((code) => String.fromCharCode(code));
const lineBreaks = ['\t', '\n', '\r'];

describe('hasNoInvisibleCharacters', () => {
  it.each([
    ['12 Oak St, Austin, TX', true],
    ['Zoë Ångström', true],
    ['محمد عبد الله', true],
    ['שרה לוי', true],
    ['山田 太郎', true],
    ['김민준', true],
    ['Ann 🏠 Lee', true],
    // Joiners are part of how some scripts and emoji are written, not formatting overrides.
    ['مهرداد\u200Cپور', true],
    ['👩\u200D👩\u200D👧', true],
    ['12 Oak St\u202Etxt.exe', false],
    ['\u202Dmirror', false],
    ['Ann\u2066Lee\u2069', false],
    ['Ann\u200FLee', false],
    ['Ann\u061CLee', false],
    ['Ann\tLee', false],
    ['12 Oak St\nApt 2', false],
    ['Ann\u0000', false],
    ['Ann\u0007', false],
    ['Ann\u007F', false],
    ['Ann\u0085', false],
    ['Ann\u009B[31m', false],
    ['12 Oak St\u2028Apt 2', false],
  ])('%j on one line: %s', (text, accepted) => {
    expect(hasNoInvisibleCharacters(text)).toBe(accepted);
  });

  it.each([
    ['12 Oak St\nAustin, TX 78701', true],
    ['12 Oak St\r\nAustin, TX', true],
    ['Suite\t5', true],
    ['12 Oak St\n\u202EAustin', false],
    ['12 Oak St\u000BAustin', false],
    ['12 Oak St\u2029Austin', false],
  ])('%j on several lines: %s', (text, accepted) => {
    expect(hasNoInvisibleCharacters(text, { multiLine: true })).toBe(accepted);
  });

  const plainName = fc.oneof(
    fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÀÉÎÕÜßçñøåæœ .,'-#0123456789"), maxLength: 40 }),
    fc.string({
      unit: fc.integer({ min: 0x0621, max: 0x064a }).map((code) => String.fromCharCode(code)),
      maxLength: 40,
    }),
    fc.string({
      unit: fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCharCode(code)),
      maxLength: 40,
    }),
    fc.string({
      unit: fc.integer({ min: 0x3041, max: 0x3096 }).map((code) => String.fromCharCode(code)),
      maxLength: 40,
    }),
    fc.string({
      unit: fc.integer({ min: 0xac00, max: 0xd7a3 }).map((code) => String.fromCharCode(code)),
      maxLength: 40,
    }),
  );

  it('accepts any plain printable Latin, Arabic or CJK name, on one line or several', () => {
    fc.assert(
      fc.property(plainName, (name) => {
        expect(hasNoInvisibleCharacters(name)).toBe(true);
        expect(hasNoInvisibleCharacters(name, { multiLine: true })).toBe(true);
      }),
    );
  });

  it('refuses any text holding one of the characters, wherever it stands', () => {
    fc.assert(
      fc.property(plainName, plainName, fc.constantFrom(...refused), (before, after, character) => {
        const text = before + character + after;
        expect(hasNoInvisibleCharacters(text)).toBe(false);
        expect(hasNoInvisibleCharacters(text, { multiLine: true })).toBe(lineBreaks.includes(character));
      }),
    );
  });
});
