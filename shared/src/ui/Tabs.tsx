import { useId, useRef, type KeyboardEvent } from 'react';
import { cx } from './class-names.js';
import { nextEnabledIndex } from './focus.js';
import styles from './Tabs.module.css';

export interface TabItem {
  id: string;
  label: string;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  active: string;
  onChange: (id: string) => void;
  /** accessible name of the tab list */
  label?: string;
  /** prefix for ids; pass it to tabPanelProps() too so tab and panel reference each other */
  idBase?: string;
}

const tabId = (base: string, id: string) => `${base}-tab-${id}`;
const panelId = (base: string, id: string) => `${base}-panel-${id}`;

/** Props for the panel you render under <Tabs idBase=...>. */
export function tabPanelProps(idBase: string, id: string) {
  return { role: 'tabpanel' as const, id: panelId(idBase, id), 'aria-labelledby': tabId(idBase, id), tabIndex: 0 };
}

/** Tabs with automatic activation: arrow keys, Home and End select and focus the tab. */
export function Tabs({ tabs, active, onChange, label, idBase }: TabsProps) {
  const generatedBase = useId();
  const base = idBase ?? generatedBase;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number) {
    const tab = tabs[index];
    if (!tab) return;
    onChange(tab.id);
    refs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = Math.max(0, tabs.findIndex((t) => t.id === active));
    const always = () => true;
    const target: Record<string, number> = {
      ArrowRight: nextEnabledIndex(tabs.length, current, 1, always),
      ArrowLeft: nextEnabledIndex(tabs.length, current, -1, always),
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in target)) return;
    event.preventDefault();
    select(target[event.key]!);
  }

  return (
    <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(base, tab.id)}
            aria-selected={selected}
            aria-controls={idBase ? panelId(base, tab.id) : undefined}
            tabIndex={selected ? 0 : -1}
            className={cx(styles.tab, selected && styles.active)}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
