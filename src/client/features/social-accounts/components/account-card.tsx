import {
  CircleAlert,
  CircleCheck,
  FlaskConical,
  Gauge,
  ImageOff,
  LoaderCircle,
  RefreshCw,
  Unplug,
} from 'lucide-react';
import type { PlanId } from '../../../../contracts/plans';
import { platformLabels } from '../../../../contracts/platforms';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatCount, formatDate, formatEngagement, reauthReason } from '../format';
import { AccountAvatar } from './account-avatar';
import { OverPlanLimitNotice } from './over-plan-limit-notice';
import { YouTubeQuotaNotice } from './youtube-quota-notice';

interface AccountCardProps {
  account: SocialAccount;
  /** True while this account's platform has a sign-in popup open. */
  connecting: boolean;
  onReconnect: () => void;
  onDisconnect: () => void;
  /** The workspace's plan (null while loading) and its account count, for the over-limit notice. */
  plan: PlanId | null;
  accountCount: number;
  /** The role may reconnect and disconnect (accounts.manage); others see the account only. */
  canManage?: boolean;
}

/** One connected account: who it is, how it is doing, and what can be done with it. */
export function AccountCard({
  account,
  connecting,
  onReconnect,
  onDisconnect,
  plan,
  accountCount,
  canManage = true,
}: AccountCardProps) {
  const label = platformLabels[account.platform];
  const titleId = `account-${account.id}`;
  const needsReauth = account.status === 'needs_reauth';
  const engagement = formatEngagement(account.engagement);
  return (
    <article
      aria-labelledby={titleId}
      data-account-id={account.id}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <AccountAvatar name={account.displayName} avatarUrl={account.avatarUrl} platform={account.platform} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate font-semibold text-slate-900">
            {account.displayName}
          </h3>
          <p className="truncate text-sm text-slate-600">@{account.username}</p>
          <p className="text-xs font-medium text-slate-600">{label}</p>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        {needsReauth ? (
          <Badge variant="warning">
            <CircleAlert className="size-3.5" aria-hidden="true" />
            Needs reconnect
          </Badge>
        ) : (
          <Badge variant="success">
            <CircleCheck className="size-3.5" aria-hidden="true" />
            Connected
          </Badge>
        )}
        {account.platform === 'youtube' && !needsReauth ? (
          <YouTubeQuotaNotice accountId={account.id} />
        ) : null}

        {account.overPlanLimit ? (
          <Badge variant="warning">
            <Gauge className="size-3.5" aria-hidden="true" />
            Over plan limit
          </Badge>
        ) : null}
        {account.sandbox ? (
          <Badge
            className="border-amber-300 bg-amber-50 text-amber-900"
            variant="outline"
            title="This account lives in Kitepost's built-in platform simulator: posts are not published to the real platform."
          >
            <FlaskConical className="size-3.5" aria-hidden="true" />
            Sandbox
          </Badge>
        ) : null}
      </div>

      {needsReauth ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {reauthReason(account)}
        </p>
      ) : account.reconnectBy ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Access ends on {formatDate(account.reconnectBy)}. Reconnect before then to keep publishing.
        </p>
      ) : null}

      {account.mediaWarning ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <ImageOff className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span className="text-pretty">{account.mediaWarning}</span>
        </p>
      ) : null}

      {account.overPlanLimit ? (
        <OverPlanLimitNotice
          plan={plan}
          accountCount={accountCount}
          accountName={`${account.displayName} on ${label}`}
        />
      ) : null}

      <dl className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-center">
        <Stat term="Followers" value={account.followers === null ? null : formatCount(account.followers)} />
        <Stat term="Posts" value={formatCount(account.posts)} />
        <Stat term="Engagement" value={engagement} />
      </dl>

      <p className="mt-3 text-xs text-slate-600">
        Connected <time dateTime={account.connectedAt}>{formatDate(account.connectedAt)}</time>
      </p>

      {canManage ? (
        <div className="mt-auto flex flex-col gap-2 pt-4 sm:flex-row">
          <Button
            variant={needsReauth ? 'default' : 'outline'}
            size="sm"
            className="flex-1"
            aria-label={`Reconnect ${account.displayName} on ${label}`}
            onClick={onReconnect}
          >
            {connecting ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            {connecting ? 'Connecting...' : 'Reconnect'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="flex-1 text-red-700 hover:bg-red-50 hover:text-red-800"
            aria-label={`Disconnect ${account.displayName} from ${label}`}
            onClick={onDisconnect}
          >
            <Unplug aria-hidden="true" />
            Disconnect
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** A number, or a dash that says there is none yet (never a made-up figure). */
function Stat({ term, value }: { term: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="truncate font-semibold text-slate-900 tabular-nums">
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No data yet</span>
          </>
        )}
      </dd>
    </div>
  );
}
