// The one table of the studio: its frame, header row, sortable columns, empty and loading rows, and the wrapping
// rules of its cells (an email stays whole, an id breaks anywhere, numbers and times never wrap). Areas write
// their rows; the look is here.
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from './class-names.js';
import styles from './DataTable.module.css';

export interface DataTableProps {
  /** the table's accessible name ("Users") */
  label?: string;
  /** a caption, shown or (hiddenCaption) only read out */
  caption?: ReactNode;
  hiddenCaption?: boolean;
  /** thead and tbody */
  children: ReactNode;
  className?: string;
  /** a table wider than the page scrolls inside its frame; `plain` drops the frame (a table inside a card) */
  variant?: 'framed' | 'plain';
}

export function DataTable({ label, caption, hiddenCaption = false, children, className, variant = 'framed' }: DataTableProps) {
  return (
    <div className={cx(styles.wrap, variant === 'framed' && styles.framed)}>
      <table className={cx(styles.table, className)} aria-label={label}>
        {caption && <caption className={hiddenCaption ? styles.hidden : styles.caption}>{caption}</caption>}
        {children}
      </table>
    </div>
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
}

/** A column header that sorts the table: a button inside the th, aria-sort on the th. */
export function SortHeader({ children, direction, onSort, className }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={className}>
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
}

/** The row a table shows when it has no rows yet (loading) or none at all (empty). */
export function TableMessageRow({ colSpan, children, loading = false }: TableMessageRowProps) {
  return (
    <tr>
      <td colSpan={colSpan} className={styles.message} role={loading ? 'status' : undefined}>
        {children}
      </td>
    </tr>
  );
}
