import { type ColumnDef, FlexRender, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { cx } from './cx.ts';

/** One column of a DataTable: its header text and how a row shows in it. */
export type DataColumn<T extends RowData> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes of the column's cells (alignment, width). */
  className?: string;
};

const features = tableFeatures({});

/**
 * A console table (DESIGN §7) on @tanstack/react-table (headless): a real <table> from the desk
 * breakpoint (1200 px) up, and one card per row below it (each cell with its header as label), so
 * a phone reads it without sideways scrolling. Logical padding only, so Arabic mirrors.
 */
export function DataTable<T extends RowData>({
  columns,
  rows,
  rowKey,
  caption,
  testId,
}: {
  columns: DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Accessible name of the table. */
  caption: string;
  testId?: string;
}) {
  const definitions = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<typeof features, T, unknown> => ({
          id: column.id,
          header: column.header,
          cell: (context) => column.cell(context.row.original),
        }),
      ),
    [columns],
  );
  const table = useTable({ features, columns: definitions, data: rows, getRowId: rowKey });
  const classOf = (id: string) => columns.find((column) => column.id === id)?.className;

  return (
    <div data-testid={testId}>
      <table className="hidden w-full border-collapse text-[14px] desk:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-slate-200 text-start text-[13px] text-slate-500">
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cx('px-3 py-2.5 text-start font-medium', classOf(header.column.id))}
                >
                  <FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50/70">
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cx('px-3 py-3 align-middle text-slate-800', classOf(cell.column.id))}
                >
                  <FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 desk:hidden" aria-label={caption}>
        {table.getRowModel().rows.map((row) => (
          <li key={row.id} className="space-y-1.5 px-4 py-3">
            {row.getAllCells().map((cell) => (
              <div key={cell.id} className="flex items-start justify-between gap-3 text-[14px]">
                <span className="shrink-0 text-slate-500">{String(cell.column.columnDef.header ?? '')}</span>
                <span className="min-w-0 text-end text-slate-800">
                  <FlexRender cell={cell} />
                </span>
              </div>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
