// The one table of the studio: its frame, header row, sortable columns, empty and loading rows, and the wrapping
// rules of its cells (an email stays whole, an id breaks anywhere, numbers and times never wrap). Areas write
// their rows; the look is here. Given `columns`, it draws the header row and the loading, error and empty rows too.
import { Children, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from 'react';
import { cx } from './class-names.js';
import styles from './DataTable.module.css';

/** The column of a row's buttons: named "Actions" for screen readers, not shown. */
export const ACTIONS_COLUMN: DataTableColumn = { label: 'Actions', hiddenLabel: true, align: 'end' };

/** One column of a table given `columns`: DataTable draws its header cell. */
export interface DataTableColumn {
  /** the header's text (or control: a "Select all" checkbox) */
  label: ReactNode;
  /** React key of the header cell when the label is not a string */
  key?: string;
  /** read out but not shown: the column of a row's buttons ("Actions") */
  hiddenLabel?: boolean;
  /** a figure column: right-aligned in tabular figures, its header too */
  numeric?: boolean;
  /** `end`: the header sits at the right, over the row's buttons */
  align?: 'start' | 'end';
  /** a CSS width ("3rem", "40%") */
  width?: string;
  /** a sortable column: its direction when the table is sorted by it (else undefined), and what a click does */
  sort?: { direction?: SortDirection; onSort: () => void };
  className?: string;
}

export interface DataTableProps {
  /** the table's accessible name ("Users") */
  label?: string;
  /** a caption, shown or (hiddenCaption) only read out */
  caption?: ReactNode;
  hiddenCaption?: boolean;
  /** without `columns`: thead and tbody; with `columns`: the body rows only */
  children?: ReactNode;
  className?: string;
  /** a table wider than the page scrolls inside its frame; `plain` drops the frame (a table inside a card) */
  variant?: 'framed' | 'plain';
  /** the header row, drawn by the table: a plain label or a column; false/null entries are left out (a column shown
   *  only to some) */
  columns?: readonly (DataTableColumn | string | false | null | undefined)[];
  /** with `columns`: while set, one status row with this text stands for the rows */
  loading?: ReactNode;
  /** with `columns`: while set, one alert row with this text stands for the rows */
  error?: ReactNode;
  /** with `columns`: the row shown when there are no rows */
  empty?: ReactNode;
}

export function DataTable({
  label,
  caption,
  hiddenCaption = false,
  children,
  className,
  variant = 'framed',
  columns,
  loading,
  error,
  empty,
}: DataTableProps) {
  return (
    <div className={cx(styles.wrap, variant === 'framed' && styles.framed)}>
      <table className={cx(styles.table, className)} aria-label={label}>
        {caption && <caption className={hiddenCaption ? styles.hidden : styles.caption}>{caption}</caption>}
        {columns ? <ColumnsBody columns={columns} loading={loading} error={error} empty={empty} rows={children} /> : children}
      </table>
    </div>
  );
}

interface ColumnsBodyProps extends Pick<DataTableProps, 'loading' | 'error' | 'empty'> {
  columns: NonNullable<DataTableProps['columns']>;
  rows: ReactNode;
}

function ColumnsBody({ columns, loading, error, empty, rows }: ColumnsBodyProps) {
  const shown = columns.flatMap((c) => (typeof c === 'string' ? [{ label: c }] : c ? [c] : []));
  const span = shown.length;
  // an error wins over loading (a reload that failed), and either stands for the rows
  let body: ReactNode = rows;
  if (error)
    body = (
      <TableMessageRow colSpan={span} error>
        {error}
      </TableMessageRow>
    );
  else if (loading)
    body = (
      <TableMessageRow colSpan={span} loading>
        {loading}
      </TableMessageRow>
    );
  else if (empty && Children.toArray(rows).length === 0) body = <TableMessageRow colSpan={span}>{empty}</TableMessageRow>;
  return (
    <>
      <thead>
        <tr>
          {shown.map((column, index) => (
            <HeaderCell key={column.key ?? (typeof column.label === 'string' ? column.label : index)} column={column} />
          ))}
        </tr>
      </thead>
      <tbody>{body}</tbody>
    </>
  );
}

function HeaderCell({ column }: { column: DataTableColumn }) {
  const className = cx(column.numeric && styles.number, column.align === 'end' && styles.end, column.className);
  const style = column.width ? { width: column.width } : undefined;
  const label = column.hiddenLabel ? <span className={styles.hidden}>{column.label}</span> : column.label;
  if (column.sort) {
    return (
      <SortHeader direction={column.sort.direction} onSort={column.sort.onSort} className={className || undefined} style={style}>
        {label}
      </SortHeader>
    );
  }
  return (
    <th scope="col" className={className || undefined} style={style}>
      {label}
    </th>
  );
}

/**
 * How a cell's content wraps: `email` stays on one line and ends in … (give it a title with the whole address),
 * `id` breaks anywhere in a monospace face, `number` aligns right in tabular figures, `time` and `nowrap` keep one
 * line, `actions` holds the row's buttons at the right, `text` wraps between words.
 */
export type CellKind = 'text' | 'email' | 'id' | 'number' | 'time' | 'nowrap' | 'actions';

export interface CellProps extends ComponentPropsWithoutRef<'td'> {
  kind?: CellKind;
}

/** A body cell with one of the table's wrapping rules. */
export function Cell({ kind = 'text', className, children, title, ...props }: CellProps) {
  if (kind === 'email') {
    // a table cell ignores max-width: the address's own block keeps it to one line, its … and its title
    return (
      <td {...props} className={className}>
        <span className={styles.email} title={title}>
          {children}
        </span>
      </td>
    );
  }
  return (
    <td {...props} title={title} className={cx(styles[kind], className)}>
      {children}
    </td>
  );
}

export type SortDirection = 'ascending' | 'descending';

export interface SortHeaderProps {
  children: ReactNode;
  /** this column's direction when the table is sorted by it, otherwise undefined */
  direction?: SortDirection;
  onSort: () => void;
  className?: string;
  style?: CSSProperties;
}

/** A column header that sorts the table: a button inside the th, aria-sort on the th. */
export function SortHeader({ children, direction, onSort, className, style }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={className} style={style}>
      <button type="button" className={styles.sort} onClick={onSort}>
        {children}
        <span aria-hidden="true" className={styles.sortMark}>
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

export interface TableMessageRowProps {
  /** how many columns the message spans */
  colSpan: number;
  children: ReactNode;
  /** a loading row is announced politely */
  loading?: boolean;
  /** a row that says the rows could not be loaded: announced at once */
  error?: boolean;
}

/** The row a table shows when it has no rows yet (loading), none at all (empty), or could not load them (error). */
export function TableMessageRow({ colSpan, children, loading = false, error = false }: TableMessageRowProps) {
  return (
    <tr>
      <td colSpan={colSpan} className={cx(styles.message, error && styles.messageError)} role={error ? 'alert' : loading ? 'status' : undefined}>
        {children}
      </td>
    </tr>
  );
}
