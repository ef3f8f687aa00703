import { CircleCheck, Plus, Settings2 } from 'lucide-react';
import { PlatformMark } from '../../../../components/platform-mark';
import { Button } from '../../../../components/ui/button';
import { availablePlatforms, connectedAccounts, type DemoAccount, platformNames } from '../../demo-data';
import { showDemoOnly } from '../../demo-only';
import { MockScreenHeader, MockWindow } from '../mock-window';

/** Step 5: social accounts, two connected and two available. */
export function AccountsStep() {
  return (
    <MockWindow section="Social Accounts">
      <MockScreenHeader
        title="Social Accounts"
        description="Connect once; Kitepost publishes to every account from one place."
      />
      <section aria-labelledby="demo-connected">
        <h4 id="demo-connected" className="font-semibold text-slate-900">
          Connected accounts
        </h4>
        <ul className="mt-3 grid gap-4 md:grid-cols-2">
          {connectedAccounts.map((account) => (
            <ConnectedAccount key={account.platform} account={account} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="demo-available" className="mt-6">
        <h4 id="demo-available" className="font-semibold text-slate-900">
          Available platforms
        </h4>
        <ul className="mt-3 grid gap-4 md:grid-cols-2">
          {availablePlatforms.map((item) => {
            const name = platformNames[item.platform];
            return (
              <li
                key={item.platform}
                className="flex flex-col gap-4 rounded-2xl border border-dashed border-slate-300 bg-white p-4 sm:flex-row sm:items-center sm:p-5"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <PlatformMark platform={item.platform} />
                  <div className="min-w-0">
                    <h5 className="font-semibold text-slate-900">{name}</h5>
                    <p className="text-sm text-slate-600">{item.pitch}</p>
                  </div>
                </div>
                <Button
                  aria-label={`Connect ${name}`}
                  className="w-full sm:w-auto"
                  onClick={() => showDemoOnly(`connect ${name}`)}
                >
                  <Plus aria-hidden="true" />
                  Connect
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
    </MockWindow>
  );
}

function ConnectedAccount({ account }: { account: DemoAccount }) {
  const name = platformNames[account.platform];
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        <PlatformMark platform={account.platform} />
        <div className="min-w-0 flex-1">
          <h5 className="font-semibold text-slate-900">{name}</h5>
          <p className="truncate text-sm text-slate-600">{account.handle}</p>
        </div>
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">
          <CircleCheck className="size-3.5" aria-hidden="true" />
          Connected
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-center">
        <div>
          <dt className="text-xs text-slate-600">Followers</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{account.followers}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Posts</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{account.posts}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Engagement</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{account.engagement}</dd>
        </div>
      </dl>
      <Button
        variant="outline"
        aria-label={`Manage ${name}`}
        className="mt-4 w-full"
        onClick={() => showDemoOnly(`manage your ${name} account`)}
      >
        <Settings2 aria-hidden="true" />
        Manage
      </Button>
    </li>
  );
}
