import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

export interface MetricCell<Row> {
  header: string;
  value: (row: Row) => ReactNode;
}

/** A row's numbers on a phone card: each under its name, three to a line. */
export function MetricGrid<Row>({ cells, row }: { cells: readonly MetricCell<Row>[]; row: Row }) {
  return (
    <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
      {cells.map((cell) => (
        <div key={cell.header} className="min-w-0">
          <dt className="text-xs text-slate-600">{cell.header}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{cell.value(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

interface MetricTableProps<Row> {
  /** The region's name, e.g. 'Top posts (table)'. */
  label: string;
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first column: its header (and classes), and what names each row in it. */
  nameHeader: string;
  nameHeaderClassName?: string;
  name: (row: Row) => ReactNode;
  /** The numbers, one column each; `cellX` is their side padding. */
  cells: readonly MetricCell<Row>[];
  cellX: 'px-3' | 'px-4';
  /** A last column after the numbers, its header for screen readers only. */
  last?: { header: string; className: string; value: (row: Row) => ReactNode };
  bodyClassName?: string;
}

/** A table's worth of rows and their numbers, for screens wider than a phone (MetricGrid's twin). */
export function MetricTable<Row>({
  label,
  caption,
  rows,
  rowKey,
  nameHeader,
  nameHeaderClassName,
  name,
  cells,
  cellX,
  last,
  bodyClassName,
}: MetricTableProps<Row>) {
  return (
    <Card
      className="relative overflow-x-auto"
      // Narrow screens between phone and desktop may scroll it: keep that reachable by keyboard.
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className={cn(nameHeaderClassName, 'px-4 py-2.5')}>
              {nameHeader}
            </th>
            {cells.map((cell) => (
              <th key={cell.header} scope="col" className={cn(cellX, 'py-2.5 text-right')}>
                {cell.header}
              </th>
            ))}
            {last ? (
              <th scope="col" className="px-4 py-2.5">
                <span className="sr-only">{last.header}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-slate-100', bodyClassName)}>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row" className="px-4 py-3 font-normal">
                {name(row)}
              </th>
              {cells.map((cell) => (
                <td key={cell.header} className={cn(cellX, 'py-3 text-right text-slate-800 tabular-nums')}>
                  {cell.value(row)}
                </td>
              ))}
              {last ? <td className={last.className}>{last.value(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
