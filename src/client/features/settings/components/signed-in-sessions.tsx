import { LoaderCircle, LogOut, Monitor, Smartphone } from 'lucide-react';
import type { UserSessionList } from '../../../../contracts/settings';
import { describeUserAgent } from '../../../../contracts/user-agent';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { failureMessage, isUnauthorized } from '../../../lib/api-client';
import { useAuth } from '../../auth/api/get-current-user';
import { RelativeTime } from '../../notifications/components/relative-time';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';

export const SESSIONS_NOT_SIGNED_OUT = 'The other sessions could not be signed out. Please try again.';

/**
 * "Where you're signed in": one row per session, this one first, and a way to end the others.
 * The button says "End", not "Sign out": the shell's Sign out button keeps a name of its own.
 */
export function SignedInSessions({ sessions }: { sessions: UserSessionList['sessions'] }) {
  const { user } = useAuth();
  const revoke = useRevokeOtherSessions();
  const now = new Date();
  // This device first, then the most recently active.
  const ordered = [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt),
  );
  const others = sessions.filter((session) => !session.current).length;

  const signOutOthers = () =>
    revoke.mutate(undefined, {
      onSuccess: ({ signedOut }) =>
        toast({
          title: 'Other Sessions Ended',
          description:
            signedOut === 0
              ? 'You were not signed in anywhere else.'
              : `Signed out of ${signedOut} other ${signedOut === 1 ? 'session' : 'sessions'}.`,
        }),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          title: 'Sessions Not Ended',
          description: failureMessage(error, SESSIONS_NOT_SIGNED_OUT),
          variant: 'destructive',
        });
      },
    });

  return (
    <div className="grid gap-3">
      <ul aria-label="Signed-in sessions" className="grid gap-2">
        {ordered.map((session) => {
          const device = describeUserAgent(session.userAgent);
          const Icon = device.mobile ? Smartphone : Monitor;
          return (
            <li
              key={session.id}
              className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5"
            >
              <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="grid min-w-0 gap-0.5">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
                  <span title={session.userAgent ?? undefined}>{device.label}</span>
                  {session.current ? <Badge variant="success">This device</Badge> : null}
                </p>
                <p className="text-xs break-words text-slate-600">
                  {session.ipAddress ? `${session.ipAddress} · ` : ''}
                  {session.current ? 'Active now' : 'Last active '}
                  {session.current ? null : (
                    <RelativeTime at={session.lastActiveAt} timeZone={user?.timezone} now={now} />
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">
          {others === 0
            ? 'You are signed in only here.'
            : "Don't recognise one? End the other sessions, then change your password."}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={signOutOthers}
          disabled={others === 0 || revoke.isPending}
          className="self-start sm:self-auto"
        >
          {revoke.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          End other sessions
        </Button>
      </div>
    </div>
  );
}
