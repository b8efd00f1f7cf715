import { ConflictError, ValidationError } from './errors';

/** The PostgreSQL error code behind a failed query (drizzle wraps driver errors in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A row refers to one that does not exist (any more), or a delete would leave such a row. */
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === '23503';

/**
 * Runs a write whose reference must exist: checked first for a clear message, and a reference that vanishes
 * between the check and the write (a foreign-key failure) is the same client error, never a 5xx.
 */
export async function referencing<T>(
  check: (() => Promise<boolean>) | undefined,
  message: string,
  write: () => Promise<T>,
): Promise<T> {
  if (check && !(await check())) throw new ValidationError(message);
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new ValidationError(message);
    throw err;
  }
}

/** Runs a delete; a record attached meanwhile (a foreign-key failure) becomes a 409 saying to try again. */
export async function deleting<T>(changedMessage: string, remove: () => Promise<T>): Promise<T> {
  try {
    return await remove();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new ConflictError(changedMessage);
    throw err;
  }
}
