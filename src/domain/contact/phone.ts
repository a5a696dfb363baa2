/** A complete phone number as §5/§9 require it: ###-###-####. */
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;

/** §5 auto-format while typing: keeps the first 10 digits and inserts dashes as they fill ('5551' → '555-1', → '555-123-4567'). */
export function formatPhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** True only for a complete ###-###-#### number (no trimming). */
export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}
