import { ArrowLeft, Download, FileUp, LoaderCircle, Search, Upload } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { PaidPlanId } from '../../../contracts/billing';
import { firstPlanWith, type PlanId, plans, schedulingByPlan } from '../../../contracts/plans';
import { type ImportResponse, MAX_IMPORT_ROWS } from '../../../contracts/post-import';
import { paths } from '../../app/paths';
import { PageHeader } from '../../components/page-header';
import { Button, buttonClasses } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { failureMessage, isUnauthorized } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/api/get-current-user';
import { useCan } from '../auth/use-permission';
import { UpgradePrompt } from '../billing/components/upgrade-prompt';
import { planLimitMessage } from '../billing/plan-limit';
import { listTimeZones } from '../time-zone/time-zones';
import { useTimeZone } from '../time-zone/use-time-zone';
import { IMPORT_TEMPLATE_URL, useImportPosts } from './api/import-posts';
import { ImportReport } from './components/import-report';

const csvAccept = '.csv,text/csv';
const neededPlan = firstPlanWith('csvImport') as PaidPlanId;

/** Said before any call when the session's plan lacks the import (the server refuses it too, 402). */
const notInPlan = (plan: PlanId) =>
  schedulingByPlan[plan].csvImport
    ? null
    : `The ${plans[plan].name} plan does not include CSV import. Upgrade to ${plans[neededPlan].name} to plan many posts at once.`;

/**
 * /calendar/import: posts from a CSV file. 'Preview' checks every row (a dry run: nothing is
 * created) and shows its verdict; 'Import N posts' creates the rows that pass. The server is the
 * authority on every verdict and on the plan; the page only shows what it answers.
 */
export function PostImportPage() {
  useDocumentTitle('Import Posts — Kitepost');
  const id = useId();
  const { zone: userZone } = useTimeZone();
  const plan = useAuth().user?.workspace.plan ?? null;
  const canWrite = useCan('posts.write');
  const zones = useMemo(() => listTimeZones(userZone), [userZone]);
  const [zone, setZone] = useState(userZone);
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<{ report: ImportResponse; imported: boolean; zone: string } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [planLimit, setPlanLimit] = useState<string | null>(plan ? notInPlan(plan) : null);
  const run = useImportPosts();

  const send = (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    run.mutate(
      { file, timezone: zone, dryRun },
      {
        onSuccess: (report) => setAnswer({ report, imported: !dryRun, zone }),
        onError: (error) => {
          if (isUnauthorized(error)) return;
          const limit = planLimitMessage(error);
          if (limit) setPlanLimit(limit);
          else setFailure(failureMessage(error, 'The file could not be checked. Please try again.'));
        },
      },
    );
  };

  const passing = answer && !answer.imported ? answer.report.rows.filter((row) => row.ok).length : 0;
  const busy = run.isPending;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Import Posts"
        description={`Plan up to ${MAX_IMPORT_ROWS} posts at once from a CSV file: preview every row, then import the ones that pass.`}
        actions={
          <Link href={paths.calendar} className={buttonClasses('outline', 'sm')}>
            <ArrowLeft aria-hidden="true" />
            Back to calendar
          </Link>
        }
      />

      {planLimit ? (
        <UpgradePrompt message={planLimit} title="CSV import is not in your plan" plan={neededPlan} />
      ) : null}

      <form
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          send(true);
        }}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-file`}>CSV file</Label>
            <input
              id={`${id}-file`}
              type="file"
              accept={csvAccept}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setAnswer(null);
                setFailure(null);
              }}
              className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
            />
            <p className="text-xs text-slate-600">
              Columns: date, time, account (or platform), text, hashtags, media URL, first comment. Rows
              without a date go to the account's queue.
            </p>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-zone`}>Dates and times are in</Label>
            <Select
              id={`${id}-zone`}
              value={zone}
              onChange={(event) => {
                setZone(event.target.value);
                setAnswer(null);
              }}
            >
              {zones.map((item) => (
                <option key={item} value={item}>
                  {item.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" size="sm" disabled={!file || busy || !canWrite}>
            {busy ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Search aria-hidden="true" />
            )}
            Preview
          </Button>
          <a href={IMPORT_TEMPLATE_URL} download className={buttonClasses('link', 'sm', 'px-1')}>
            <Download aria-hidden="true" />
            Download template
          </a>
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
      </form>

      {answer ? (
        <section aria-label="Import report" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm font-medium text-slate-900">
              {answer.imported
                ? `Imported ${answer.report.created} of ${answer.report.rows.length} rows.`
                : `${passing} of ${answer.report.rows.length} rows can be imported.`}
            </p>
            {answer.imported ? (
              <Link href={paths.calendar} className={buttonClasses('default', 'sm')}>
                <FileUp aria-hidden="true" />
                See them on the calendar
              </Link>
            ) : (
              <Button size="sm" disabled={passing === 0 || busy || !canWrite} onClick={() => send(false)}>
                {busy ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Upload aria-hidden="true" />
                )}
                Import {passing} {passing === 1 ? 'post' : 'posts'}
              </Button>
            )}
          </div>
          <ImportReport rows={answer.report.rows} zone={answer.zone} imported={answer.imported} />
        </section>
      ) : null}
    </div>
  );
}
