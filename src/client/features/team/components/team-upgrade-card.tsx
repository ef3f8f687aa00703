import { ArrowRight, Users } from 'lucide-react';
import { Link } from 'wouter';
import { subscribePath } from '../../../app/paths';
import { buttonClasses } from '../../../components/ui/button';
import { useCan } from '../../auth/use-permission';

/** The plan lacks team collaboration: what it takes, and the way there for those who may pay. */
export function TeamUpgradeCard() {
  const billing = useCan('billing.manage');
  return (
    <section
      aria-labelledby="team-upgrade-title"
      className="flex flex-col gap-4 rounded-2xl border border-indigo-200 bg-gradient-to-br from-indigo-50 to-violet-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-indigo-600 shadow-sm">
          <Users className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1">
          <h2 id="team-upgrade-title" className="font-semibold text-slate-900">
            Team collaboration is included in Professional and Enterprise
          </h2>
          <p className="text-sm text-pretty text-slate-700">
            Invite teammates with their own roles, and have posts approved before they go out.
            {billing ? '' : ' Ask the owner or an admin to upgrade the plan.'}
          </p>
        </div>
      </div>
      {billing ? (
        <Link
          href={subscribePath('professional')}
          className={buttonClasses('default', 'md', 'self-start sm:self-auto')}
        >
          Upgrade to Professional
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : null}
    </section>
  );
}
