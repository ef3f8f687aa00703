import { Crown, DollarSign, type LucideIcon, UserCheck, Users } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { formatRevenue } from '../admin-display';
import { useAdminStats } from '../api/get-admin-stats';

/** The four stat cards of the portal (spec §2); a dash until the numbers arrive. */
export function AdminStats() {
  const stats = useAdminStats();
  const value = (pick: (data: NonNullable<typeof stats.data>) => string) =>
    stats.data ? pick(stats.data) : stats.isError ? '—' : '…';
  return (
    <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        icon={Users}
        label="Total Users"
        value={value((data) => data.totalUsers.toLocaleString('en-US'))}
      />
      <StatCard
        icon={UserCheck}
        label="Active Subscriptions"
        value={value((data) => data.activeSubscriptions.toLocaleString('en-US'))}
      />
      <StatCard
        icon={Crown}
        label="Enterprise Users"
        value={value((data) => data.enterpriseUsers.toLocaleString('en-US'))}
      />
      <StatCard
        icon={DollarSign}
        label="Monthly Revenue"
        value={value((data) => formatRevenue(data.monthlyRevenue))}
      />
    </section>
  );
}

function StatCard({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <Card
      role="group"
      aria-label={label}
      className="flex min-w-0 items-start justify-between gap-3 p-4 sm:p-5"
    >
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
        <p className="mt-1 truncate text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
          {value}
        </p>
      </div>
      <span className="hidden rounded-lg bg-indigo-50 p-2 text-indigo-600 sm:inline-flex">
        <Icon className="size-5" aria-hidden="true" />
      </span>
    </Card>
  );
}
