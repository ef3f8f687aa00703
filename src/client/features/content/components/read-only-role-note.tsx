import { CalendarDays, Lock } from 'lucide-react';
import { Link } from 'wouter';
import type { WorkspaceRole } from '../../../../contracts/auth';
import { forbiddenMessage } from '../../../../contracts/team';
import { paths } from '../../../app/paths';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** In place of the generator for a role that cannot write posts (viewer, approver). */
export function ReadOnlyRoleNote({ role }: { role: WorkspaceRole }) {
  return (
    <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="font-semibold text-slate-900">Generating posts is for editors</p>
          <p className="text-sm text-pretty text-slate-600">{forbiddenMessage(role, 'posts.write')}</p>
        </div>
      </div>
      <Link href={paths.calendar} className={buttonClasses('outline', 'md', 'shrink-0')}>
        <CalendarDays aria-hidden="true" />
        See the calendar
      </Link>
    </Card>
  );
}
