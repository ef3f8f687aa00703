import { CircleAlert, CircleCheck, Copy } from 'lucide-react';
import type { ImportRowResult } from '../../../../contracts/post-import';
import { Badge } from '../../../components/ui/badge';

interface ImportReportProps {
  rows: ImportRowResult[];
  /** The zone the rows' times are shown in (the one chosen for the import). */
  zone: string;
  /** After an import: the passing rows were created, so they say 'Created'. */
  imported: boolean;
}

function whenOf(row: ImportRowResult, zone: string): string {
  // A row with an error may lack its time because the time was the error: say nothing then.
  if (!row.scheduledAt) return row.errors.length > 0 ? '' : 'Next free queue slot';
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(row.scheduledAt));
}

function Verdict({ row, imported }: { row: ImportRowResult; imported: boolean }) {
  if (row.ok) {
    return (
      <Badge variant="success" className="gap-1">
        <CircleCheck className="size-3.5" aria-hidden="true" />
        {imported ? (row.postId ? 'Created' : 'Not created') : 'Ready'}
      </Badge>
    );
  }
  if (row.duplicateOf && row.errors.length === 0) {
    return (
      <Badge variant="warning" className="gap-1">
        <Copy className="size-3.5" aria-hidden="true" />
        Duplicate
      </Badge>
    );
  }
  return (
    <Badge variant="destructive" className="gap-1">
      <CircleAlert className="size-3.5" aria-hidden="true" />
      {row.errors.length === 1 ? 'Error' : `${row.errors.length} errors`}
    </Badge>
  );
}

const duplicateText = (duplicate: NonNullable<ImportRowResult['duplicateOf']>) =>
  duplicate.kind === 'line'
    ? `Duplicate of line ${duplicate.line}: the same text on the same account within 7 days.`
    : 'Duplicate of a post already planned or published on this account within 7 days.';

/**
 * The verdict of each row: line, verdict, account and time, the start of its text (shown as text:
 * a cell such as =SUM(A1) is never run), and each reason a row cannot be imported.
 */
export function ImportReport({ rows, zone, imported }: ImportReportProps) {
  return (
    <ol
      aria-label="Rows of the file"
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {rows.map((row) => (
        <li key={row.line} className="grid gap-1.5 px-4 py-3" data-testid="import-row">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="w-14 shrink-0 text-xs font-medium text-slate-500 tabular-nums">
              Line {row.line}
            </span>
            <Verdict row={row} imported={imported} />
            <span className="min-w-0 text-sm text-slate-700">
              {[row.account, whenOf(row, zone)].filter(Boolean).join(' · ')}
            </span>
          </div>
          <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-slate-900">
            {row.excerpt || <span className="text-slate-500 italic">No text</span>}
          </p>
          {row.errors.length > 0 || row.duplicateOf || row.notice ? (
            <ul className="grid gap-0.5 text-sm">
              {row.errors.map((error) => (
                <li key={error} className="text-red-700">
                  {error}
                </li>
              ))}
              {row.duplicateOf ? <li className="text-amber-800">{duplicateText(row.duplicateOf)}</li> : null}
              {row.notice ? <li className="text-slate-700">{row.notice}</li> : null}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
