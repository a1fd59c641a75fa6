import { useAtom } from 'jotai';
import { AGENT_CATEGORIES, ALL_CATEGORIES_LABEL } from '@accent/agents-common';
import { FilterMenu } from '@accent/shared/ui';
import { categoryFilterAtom } from '../state/atoms.js';

/** Category filter menu: All Categories, Sales, Marketing, Research, Support (spec 01 §2). */
export function CategoryFilter() {
  const [category, setCategory] = useAtom(categoryFilterAtom);
  const current = category ?? ALL_CATEGORIES_LABEL;
  const items = [
    { label: ALL_CATEGORIES_LABEL, onSelect: () => setCategory(null) },
    ...AGENT_CATEGORIES.map((c) => ({ label: c, onSelect: () => setCategory(c) })),
  ];
  return <FilterMenu label={`Category: ${current}`} value={current} items={items} align="end" />;
}
