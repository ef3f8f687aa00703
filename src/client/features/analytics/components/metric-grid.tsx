import type { ReactNode } from 'react';

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
