import type { SessionUser } from '../../contracts/auth';

/**
 * The session mirror: a copy of what the server said about the session, kept in session
 * storage under the spec's keys. It only speeds up the first render; nothing is granted from it
 * (architecture §1.3): the server is asked every time.
 *
 * The contract's schema (and zod with it) is loaded on demand: a signed-out visitor on the
 * landing page never needs it, which keeps the landing's first load small.
 */
const keys = {
  currentUser: 'currentUser',
  userLoggedIn: 'userLoggedIn',
  adminAccess: 'adminAccess',
} as const;

type SessionUserSchema = typeof import('../../contracts/auth')['sessionUser'];
let schema: SessionUserSchema | null = null;

/** Loads the session user schema (once) and returns it. */
export async function loadSessionUserSchema(): Promise<SessionUserSchema> {
  if (!schema) schema = (await import('../../contracts/auth')).sessionUser;
  return schema;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True when the mirror says someone signed in (a hint for loading, never a grant). */
export function mirrorSaysSignedIn(): boolean {
  return storage()?.getItem(keys.userLoggedIn) === 'true';
}

/** The mirrored user, validated against the contract; null if absent, invalid or not yet checkable. */
export function readMirroredUser(): SessionUser | null {
  if (!schema || !mirrorSaysSignedIn()) return null;
  const raw = storage()?.getItem(keys.currentUser);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function mirrorUser(user: SessionUser): void {
  const store = storage();
  store?.setItem(keys.currentUser, JSON.stringify(user));
  store?.setItem(keys.userLoggedIn, 'true');
}

export function mirrorAdminAccess(): void {
  storage()?.setItem(keys.adminAccess, 'true');
}

export function clearSessionMirror(): void {
  const store = storage();
  for (const key of Object.values(keys)) store?.removeItem(key);
}
