import { AppError } from './app-error';

/**
 * Runs a write that a unique index guards (an email, an access code). Losing a race with another
 * request that saved the same value meanwhile is a 409 with `message`, not a 500.
 */
export async function conflictOnUniqueViolation<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', message);
    throw error;
  }
}

/** PostgreSQL's unique_violation (23505), also when a driver or drizzle wraps it as a cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
