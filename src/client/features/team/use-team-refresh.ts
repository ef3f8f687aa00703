import type { QueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '../../../contracts/notifications';
import { currentUserQueryKey } from '../auth/api/get-current-user';
import { postKeys } from '../content/api/post-keys';
import { activityQueryKeyPrefix } from '../dashboard/api/get-activity';
import { useRefreshOnNotice } from '../notifications/use-notice-refresh';
import { workspacesQueryKey } from '../workspaces/api/get-workspaces';
import { teamQueryKey } from './api/get-team';

/** A teammate submitted, approved, sent back or commented on a post, or a waiting post missed its time. */
export const approvalNotificationKinds: ReadonlySet<NotificationKind> = new Set([
  'approval_requested',
  'approval_overdue',
  'post_approved',
  'changes_requested',
  'post_comment',
]);

/** Someone joined, or your own place in a workspace changed (a new role, removed). */
export const memberNotificationKinds: ReadonlySet<NotificationKind> = new Set([
  'member_joined',
  'member_role_changed',
  'member_removed',
]);

function refreshPosts(queryClient: QueryClient) {
  // The Needs approval queue, open threads and the calendar all live under the posts key.
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
  void queryClient.invalidateQueries({ queryKey: activityQueryKeyPrefix });
}

function refreshMembership(queryClient: QueryClient) {
  // The session user carries the role (what the UI offers) and the active workspace.
  void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
  void queryClient.invalidateQueries({ queryKey: teamQueryKey });
  void queryClient.invalidateQueries({ queryKey: activityQueryKeyPrefix });
}

/**
 * Keeps an open tab in step with the team: the Needs approval queue shows a submission, the editor
 * sees an approval, and a changed role changes the buttons, within one poll of the bell (a minute)
 * instead of at the next reload.
 */
export function useTeamRefreshOnNotice(): void {
  useRefreshOnNotice(approvalNotificationKinds, refreshPosts);
  useRefreshOnNotice(memberNotificationKinds, refreshMembership);
}
