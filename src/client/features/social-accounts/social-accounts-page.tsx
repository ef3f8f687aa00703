import { FlaskConical, Share2 } from 'lucide-react';
import { useState } from 'react';
import type { SocialAccount } from '../../../contracts/social-accounts';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/full-page-message';
import { PageHeader } from '../../components/page-header';
import { QueryFailureCard } from '../../components/query-failure-card';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/api/get-current-user';
import { useCan } from '../auth/use-permission';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { useHealth } from '../health/api/get-health';
import { useSocialAccounts } from './api/get-social-accounts';
import { connectOptions, passwordPlatforms, serverOfAccount } from './catalogue';
import { AccountCard } from './components/account-card';
import { ConnectCard, MorePlatformsCard } from './components/connect-card';
import { ConnectionTips } from './components/connection-tips';
import { DisconnectDialog } from './components/disconnect-dialog';
import { useConnectAccount } from './use-connect-account';

/**
 * Social accounts (spec §2): the connected accounts, a card per platform to connect, and tips.
 * Connecting runs in a popup (spec §4); disconnecting asks first (spec §5).
 */
export function SocialAccountsPage() {
  useDocumentTitle('Social Accounts — Kitepost');
  const accounts = useSocialAccounts();
  const { connect, connecting, limitReached, dismissLimitReached } = useConnectAccount();
  const [disconnecting, setDisconnecting] = useState<SocialAccount | null>(null);
  const list = accounts.data ?? [];
  const plan = useAuth().user?.workspace.plan ?? null;
  const canManage = useCan('accounts.manage');

  return (
    <div className="grid gap-10">
      <PageHeader
        title="Social Accounts"
        description={
          canManage
            ? 'Connect the accounts Kitepost publishes to. You sign in on the platform itself; Kitepost never sees your password.'
            : 'The accounts this workspace publishes to. Only the owner or an admin can connect or disconnect accounts.'
        }
      />

      <section aria-labelledby="connected-accounts-title" className="grid gap-4">
        <h2 id="connected-accounts-title" className="text-lg font-semibold text-slate-900">
          Connected accounts
          {list.length > 0 ? <span className="ml-2 font-normal text-slate-600">({list.length})</span> : null}
        </h2>
        {accounts.isPending ? (
          <Card>
            <InlineLoading message="Loading your accounts..." />
          </Card>
        ) : accounts.isError ? (
          <QueryFailureCard title="Your accounts could not be loaded" query={accounts} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={Share2}
            title="No accounts connected yet"
            description={
              canManage
                ? 'Connect a platform below to publish your scheduled posts there. You can disconnect it at any time.'
                : 'The owner or an admin connects the accounts this workspace publishes to.'
            }
          />
        ) : (
          <ul aria-label="Connected accounts" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((account) => (
              <li key={account.id} className="min-w-0">
                <AccountCard
                  account={account}
                  connecting={connecting === account.platform}
                  onReconnect={() =>
                    passwordPlatforms.includes(account.platform)
                      ? signInOnCard(account.platform)
                      : connect(account.platform, serverOfAccount(account))
                  }
                  onDisconnect={() => setDisconnecting(account)}
                  plan={plan}
                  accountCount={list.length}
                  canManage={canManage}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {canManage ? (
        <div className="grid items-start gap-8 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <section aria-labelledby="connect-platform-title" className="grid gap-4">
            <div className="grid gap-1">
              <h2 id="connect-platform-title" className="text-lg font-semibold text-slate-900">
                Connect a platform
              </h2>
              <p className="text-sm text-slate-600">
                A window opens where you sign in and allow Kitepost to post for you.
              </p>
              <SimulatorNote />
            </div>
            {limitReached ? (
              <UpgradePrompt
                title="Account limit reached"
                message={limitReached}
                onDismiss={dismissLimitReached}
              />
            ) : null}
            <ul aria-label="Platforms" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-2">
              {connectOptions.map((option) => (
                <li key={option.platform} className="min-w-0">
                  <ConnectCard
                    option={option}
                    connectedCount={list.filter((account) => account.platform === option.platform).length}
                    connecting={connecting === option.platform}
                    onConnect={connect}
                  />
                </li>
              ))}
              <li className="min-w-0">
                <MorePlatformsCard />
              </li>
            </ul>
          </section>
          <ConnectionTips />
        </div>
      ) : null}

      <DisconnectDialog account={disconnecting} onClose={() => setDisconnecting(null)} />
    </div>
  );
}

/** Architecture §1: a sandbox is never hidden. Which platform uses it shows on each account too. */
function SimulatorNote() {
  const health = useHealth();
  if (!health.data?.adapters.social.sandbox) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <span className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 font-semibold text-amber-900">
        <FlaskConical className="size-3.5" aria-hidden="true" />
        Sandbox
      </span>
      <span>Platforms without API keys connect to Kitepost’s simulator; nothing is posted for real.</span>
    </p>
  );
}

/** A network signed into on its card (a Bluesky app password): reconnecting goes to that form. */
function signInOnCard(platform: string) {
  const input = document.querySelector<HTMLInputElement>(`[data-platform="${platform}"] input`);
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
}
