import type { ReactNode } from "react";

/**
 * A console table that stays readable on a phone: from the breakpoint (`lg`, or `xl` for wide
 * tables) a table with a header row; below it every row is a card of label/value pairs (no
 * sideways scrolling). `cells` gives a row's values in column order; `rowHeader` names the row.
 */
const LAYOUTS = {
  lg: {
    table: "lg:table",
    head: "lg:not-sr-only lg:table-header-group",
    body: "lg:table-row-group",
    row: "lg:table-row lg:p-0 lg:first:border-t",
    cell: "lg:table-cell lg:px-3 lg:py-2 lg:before:content-none",
    nowrap: "lg:whitespace-nowrap",
    headCell: "px-3",
  },
  xl: {
    table: "xl:table",
    head: "xl:not-sr-only xl:table-header-group",
    body: "xl:table-row-group",
    row: "xl:table-row xl:p-0 xl:first:border-t",
    cell: "xl:table-cell xl:px-2 xl:py-2 xl:before:content-none",
    nowrap: "xl:whitespace-nowrap",
    headCell: "px-2",
  },
} as const;

export function ConsoleTable<Row>({
  columns,
  rows,
  rowKey,
  cells,
  testId,
  rowTestId,
  from = "lg",
  rowHeader = 0,
}: {
  /** `label` names the value on a card (and the column unless `header` is given, e.g. a sort link). */
  columns: Array<{ key: string; label: string; header?: ReactNode; sort?: "ascending" | "descending"; nowrap?: boolean }>;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  cells: (row: Row) => ReactNode[];
  testId?: string;
  rowTestId?: string;
  from?: keyof typeof LAYOUTS;
  /** Which cell names the row (a `th`); the first unless given. */
  rowHeader?: number;
}) {
  const layout = LAYOUTS[from];
  return (
    // The cards never overflow; a table wider than the page scrolls inside its frame, never the page.
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className={`block w-full text-left text-sm ${layout.table}`} data-testid={testId}>
        <thead className={`sr-only bg-muted/50 text-muted-foreground ${layout.head}`}>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`${layout.headCell} py-2 font-medium`} aria-sort={column.sort}>
                {column.header ?? column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`block ${layout.body}`}>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={`block border-t border-border px-3 py-2 first:border-t-0 ${layout.row}`}
              data-testid={rowTestId}
            >
              {cells(row).map((value, index) => {
                const column = columns[index]!;
                const Cell = index === rowHeader ? "th" : "td";
                return (
                  <Cell
                    key={column.key}
                    scope={index === rowHeader ? "row" : undefined}
                    data-label={column.label}
                    className={
                      `grid grid-cols-[7.5rem_1fr] gap-3 py-0.5 text-left align-top font-normal ${layout.cell} ` +
                      (column.nowrap ? `${layout.nowrap} ` : "") +
                      "before:text-muted-foreground before:content-[attr(data-label)]"
                    }
                  >
                    <span className="min-w-0 break-words">{value}</span>
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
