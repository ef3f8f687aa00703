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
