/**
 * "Later" on the prompt of a workspace that requires two-factor: remembered for this visit (the
 * tab's session storage, so a reload keeps it and the next visit asks again), per user and
 * workspace.
 */
const key = (userId: string, workspaceId: string) => `twoFactorPromptLater:${userId}:${workspaceId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function postponedThisVisit(userId: string, workspaceId: string): boolean {
  return storage()?.getItem(key(userId, workspaceId)) === 'true';
}

export function postponeForThisVisit(userId: string, workspaceId: string): void {
  storage()?.setItem(key(userId, workspaceId), 'true');
}

interface PromptState {
  /** The session user's flags (sessionUser.twoFactorEnabled, workspace.requireTwoFactor). */
  twoFactorEnabled: boolean;
  requireTwoFactor: boolean;
  /** "Later" was chosen in this visit. */
  postponed: boolean;
  /** The page shown is Settings, where the setup itself is. */
  onSettings: boolean;
  /** GET /api/user/security's hasPassword; undefined until it is known. */
  hasPassword: boolean | undefined;
}

/**
 * Whether the prompt shows: the workspace requires two-factor, the member has not set it up, has
 * not put it off in this visit, is not on Settings already, and has a password to set it up with
 * (a single sign-on account's provider guards its sign-in; it is not asked).
 */
export function asksForTwoFactor(state: PromptState): boolean {
  return (
    state.requireTwoFactor &&
    !state.twoFactorEnabled &&
    !state.postponed &&
    !state.onSettings &&
    state.hasPassword === true
  );
}

/** Per user and workspace: whether the workspace required two-factor when this page load first saw it. */
const requiredAtVisitStart = new Map<string, boolean>();

/**
 * The requirement as the prompt applies it: "on the next visit". A requirement the owner turns on
 * while someone (the owner included) is in the app waits for their next page load; one that is
 * turned off applies at once. Call it only with what the server said, not the session mirror.
 */
export function requiredSinceVisitBegan(userId: string, workspaceId: string, requiredNow: boolean): boolean {
  const key = `${userId}:${workspaceId}`;
  if (!requiredAtVisitStart.has(key)) requiredAtVisitStart.set(key, requiredNow);
  return requiredNow && requiredAtVisitStart.get(key) === true;
}
