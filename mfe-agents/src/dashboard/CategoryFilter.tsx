import { useAtom } from 'jotai';
import { AGENT_CATEGORIES, ALL_CATEGORIES_LABEL } from '@accent/agents-common';
import { Menu } from '@accent/shared/ui';
import { categoryFilterAtom } from '../state/atoms.js';
import styles from './AgentsDashboardPage.module.css';

/** Category filter menu: All Categories, Sales, Marketing, Research, Support (spec 01 §2). */
export function CategoryFilter() {
  const [category, setCategory] = useAtom(categoryFilterAtom);
  const current = category ?? ALL_CATEGORIES_LABEL;
  const items = [
    { label: ALL_CATEGORIES_LABEL, onSelect: () => setCategory(null) },
    ...AGENT_CATEGORIES.map((c) => ({ label: c, onSelect: () => setCategory(c) })),
  ];
  return (
    <Menu
      align="end"
      items={items}
      trigger={(props) => (
        <button type="button" className={styles.filterButton} aria-label={`Category: ${current}`} {...props}>
          <svg aria-hidden="true" className={styles.filterIcon} viewBox="0 0 16 16" width="14" height="14">
            <path d="M2 3h12l-4.5 5.4V13l-3 1.5V8.4z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
          </svg>
          <span>{current}</span>
          <svg aria-hidden="true" className={styles.filterIcon} viewBox="0 0 16 16" width="12" height="12">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    />
  );
}
