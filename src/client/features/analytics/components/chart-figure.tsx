import { BarChart3, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { MetricTotals } from '../../../../contracts/analytics';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { MetricValue } from './metric-value';

interface ChartFigureProps {
  title: string;
  description?: ReactNode;
  /** The drawing: hidden from assistive technology, the table says the same in words. */
  chart: ReactNode;
  /** A <table> of the chart's numbers (see DataTable). */
  table: ReactNode;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: ReactNode;
  /** An HTML legend under the chart (it wraps on a phone instead of overflowing). */
  legend?: ReactNode;
  /** 3 inside a section that has its own h2 (the link clicks). */
  headingLevel?: 2 | 3;
}

/**
 * A chart with its numbers as text: the table is always in the page for screen readers
 * (visually hidden), and 'Show as table' shows it to everyone instead of the drawing.
 */
export function ChartFigure({
  title,
  description,
  chart,
  table,
  empty,
  legend,
  headingLevel = 2,
}: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <Heading id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </Heading>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {empty ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
            className="-mt-1 -mr-2"
          >
            {asTable ? <BarChart3 aria-hidden="true" /> : <Table2 aria-hidden="true" />}
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        )}
      </div>
      {empty ?? (
        <>
          {asTable ? null : (
            <div aria-hidden="true" className="grid min-w-0 gap-3">
              {chart}
              {legend}
            </div>
          )}
          <div
            className={cn(
              asTable ? 'relative max-h-96 overflow-auto rounded-lg border border-slate-200' : 'sr-only',
            )}
            // A visible scrolling table must be reachable by keyboard.
            {...(asTable ? { tabIndex: 0, role: 'region', 'aria-label': `${title} (table)` } : {})}
          >
            {table}
          </div>
        </>
      )}
    </section>
  );
}

export interface DataColumn<Row> {
  header: string;
  /** The row's header cell (the first column): a day, a platform, an account. */
  rowHeader?: boolean;
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

/** The columns after the row header of a table of totals (a day's, a platform's). */
export function totalsColumns<Row extends MetricTotals>(): DataColumn<Row>[] {
  return [
    { header: 'Posts', numeric: true, cell: (row) => <MetricValue value={row.posts} /> },
    { header: 'Impressions', numeric: true, cell: (row) => <MetricValue value={row.impressions} /> },
    { header: 'Reach', numeric: true, cell: (row) => <MetricValue value={row.reach} /> },
    { header: 'Engagements', numeric: true, cell: (row) => <MetricValue value={row.engagements} /> },
    {
      header: 'Engagement rate',
      numeric: true,
      cell: (row) => <MetricValue value={row.engagementRate} kind="rate" />,
    },
  ];
}

/** A plain, captioned table of a chart's numbers. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-slate-50 text-xs font-semibold text-slate-600">
        <tr>
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={cn('px-3 py-2 whitespace-nowrap', column.numeric && 'text-right')}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th
                  key={column.header}
                  scope="row"
                  className="px-3 py-2 font-medium whitespace-nowrap text-slate-900"
                >
                  {column.cell(row)}
                </th>
              ) : (
                <td
                  key={column.header}
                  className={cn(
                    'px-3 py-2 whitespace-nowrap text-slate-700',
                    column.numeric && 'text-right tabular-nums',
                  )}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An HTML legend: a swatch and a name per series, wrapping on narrow screens. */
export function ChartLegend({
  items,
}: {
  items: { key: string; label: string; colour: string; line?: boolean }[];
}) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-700">
      {items.map((item) => (
        <li key={item.key} className="flex min-w-0 items-center gap-1.5">
          <span
            className={cn('h-2.5 w-4 shrink-0 rounded-sm', item.line && 'h-0.5 rounded-none')}
            style={{ backgroundColor: item.colour }}
          />
          <span className="truncate">{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

export const emptyChartClasses = 'rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600';

/** In place of a chart whose posts have no numbers yet (just published, or the platform lags). */
export function NotMeasuredYet() {
  return (
    <p className={emptyChartClasses}>
      No numbers were read for these posts yet. Platforms report them a while after publishing; use Refresh to
      read them now.
    </p>
  );
}
