/**
 * Reading PostgreSQL errors the same way on pg and PGlite: both put the SQLSTATE `code` and the
 * `constraint` name on their error, and drizzle wraps it in `cause`. Services use this to turn a
 * constraint the database enforced (a unique index, an exclusion constraint) into their own 4xx.
 */

/** SQLSTATE unique_violation. */
export const uniqueViolation = '23505';
/** SQLSTATE exclusion_violation (EXCLUDE USING gist …). */
export const exclusionViolation = '23P01';

/**
 * SQLSTATE and constraint name of a PostgreSQL error (the name read from the message when the driver
 * gives none), or null for any other error.
 */
export function pgErrorOf(error: unknown): { code: string; constraint: string } | null {
  for (
    let e = error as { code?: unknown; constraint?: string; message?: string; cause?: unknown } | undefined,
      depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth += 1
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const named = /constraint "([^"]+)"/.exec(e.message ?? '');
      return { code: e.code, constraint: e.constraint ?? named?.[1] ?? '' };
    }
  }
  return null;
}

/** Name of the constraint a violation with SQLSTATE `code` hit ('' when unnamed), or null for any other error. */
export function violatedConstraintOf(error: unknown, code: string): string | null {
  const pg = pgErrorOf(error);
  return pg?.code === code ? pg.constraint : null;
}
