/**
 * True when `error` (or an error it wraps: Drizzle wraps driver errors as `cause`) is
 * PostgreSQL's unique_violation (23505) on the named constraint or unique index. PGlite and
 * node-postgres both report `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, constraint: name, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return name === undefined || name === constraint;
    current = cause;
  }
  return false;
}
