import { HardDrive } from 'lucide-react';
import { Link } from 'wouter';
import { formatStorageBytes, type MediaStorageUsage } from '../../../../contracts/media';
import type { PlanId } from '../../../../contracts/plans';
import { subscribePath } from '../../../app/paths';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useCan } from '../../auth/use-permission';
import { nextPlanUp } from '../../billing/billing-display';
import { NEAR_QUOTA_SHARE, storageShare } from '../media-format';

/** Storage used against the plan's quota; near the limit it turns amber and offers an upgrade. */
export function StorageBar({ usage }: { usage: MediaStorageUsage }) {
  const mayUpgrade = useCan('billing.manage');
  const share = storageShare(usage.usedBytes, usage.quotaBytes);
  const near = share >= NEAR_QUOTA_SHARE;
  const next = nextPlanUp(usage.plan.id as PlanId);
  const percent = Math.min(100, Math.round(share * 100));
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <HardDrive
          className={cn('mt-0.5 size-5 shrink-0', near ? 'text-amber-700' : 'text-indigo-600')}
          aria-hidden="true"
        />
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{formatStorageBytes(usage.usedBytes)}</span> of{' '}
            {formatStorageBytes(usage.quotaBytes)} used on the {usage.plan.name} plan
            {near ? (share >= 1 ? ': storage is full.' : ': storage is nearly full.') : '.'}
          </p>
          <div
            role="progressbar"
            aria-label="Media storage used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className={cn('h-full rounded-full', near ? 'bg-amber-500' : 'bg-indigo-600')}
              style={{ width: `${Math.max(percent, usage.usedBytes > 0 ? 1 : 0)}%` }}
            />
          </div>
        </div>
      </div>
      {near && next && mayUpgrade ? (
        <Link
          href={subscribePath(next)}
          className={buttonClasses('default', 'sm', 'self-start sm:self-center')}
        >
          Upgrade for more storage
        </Link>
      ) : null}
      {near && next && !mayUpgrade ? (
        <p className="text-xs text-amber-900">Ask an owner of the workspace to upgrade the plan.</p>
      ) : null}
    </Card>
  );
}
