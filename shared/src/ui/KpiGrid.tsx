// Key figures as a row of cards. The columns follow the number of figures, so no figure is left alone on a
// row: seven figures are four and three, five are three and two; on a narrow screen two a row, and an odd last
// figure takes the whole row.
import { Children, type CSSProperties, type ReactNode } from 'react';
import { cx } from './class-names.js';
import styles from './KpiGrid.module.css';

/** The columns that spread n figures over the fewest rows of at most `max`, as evenly as they go. */
export function kpiColumns(n: number, max = 4): number {
  if (n <= max) return Math.max(n, 1);
  const rows = Math.ceil(n / max);
  return Math.ceil(n / rows);
}

export interface KpiGridProps {
  /** Kpi items */
  children: ReactNode;
  /** the most figures a row holds on a wide screen */
  max?: number;
  className?: string;
  'aria-live'?: 'polite' | 'off';
}

export function KpiGrid({ children, max = 4, className, 'aria-live': live }: KpiGridProps) {
  const n = Children.toArray(children).length;
  return (
    <dl
      className={cx(styles.grid, n % 2 === 1 && styles.odd, className)}
      style={{ '--kpi-columns': kpiColumns(n, max) } as CSSProperties}
      aria-live={live}
    >
      {children}
    </dl>
  );
}

export interface KpiProps {
  label: ReactNode;
  value: ReactNode;
  'data-testid'?: string;
}

/** One figure: its name, then its value. */
export function Kpi({ label, value, 'data-testid': testId }: KpiProps) {
  return (
    <div className={styles.kpi}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
