import { memo, useMemo, useState, type CSSProperties, type DragEvent, type KeyboardEvent, type Ref } from 'react';
import { FLOW_PALETTE, type FlowPaletteItem } from '@accent/flows-common';
import { KindIcon } from './FlowNodeCard.js';
import { PALETTE_MIME } from './graph.js';
import { kindOf, searchPalette } from './nodeKinds.js';
import styles from './Builder.module.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
/** The shortcut to the search field, as this keyboard writes it. */
export const SEARCH_SHORTCUT = isMac ? '⌘K' : 'Ctrl+K';

/**
 * The node palette: drag an item onto the canvas, or press Enter (or click) to add it at the viewport
 * centre. Its search field (Ctrl/⌘-K from anywhere in the builder) filters the items; Enter in it adds
 * the first match, Arrow Down moves to the items.
 */
export const Palette = memo(function Palette({ onAdd, searchRef }: { onAdd: (item: FlowPaletteItem) => void; searchRef?: Ref<HTMLInputElement> }) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => searchPalette(FLOW_PALETTE, query), [query]);
  const onDragStart = (event: DragEvent<HTMLButtonElement>, item: FlowPaletteItem) => {
    event.dataTransfer.setData(PALETTE_MIME, JSON.stringify({ type: item.type, subtype: item.subtype, label: item.label }));
    event.dataTransfer.effectAllowed = 'move';
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const first = groups[0]?.items[0];
    if (event.key === 'Enter' && first) {
      event.preventDefault();
      onAdd(first);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      event.currentTarget.closest('nav')?.querySelector<HTMLButtonElement>('button[draggable]')?.focus();
    } else if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    }
  };
  return (
    <nav className={styles.palette} aria-label="Node palette">
      <div className={styles.paletteSearch}>
        <input
          ref={searchRef}
          className={styles.search}
          type="search"
          aria-label="Search nodes"
          aria-keyshortcuts="Control+K Meta+K"
          placeholder={`Search nodes (${SEARCH_SHORTCUT})`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKey}
        />
      </div>
      {groups.length === 0 && <p className={styles.muted}>No node matches “{query}”.</p>}
      {groups.map((group) => (
        <section key={group.title} className={styles.paletteGroup}>
          <h2 className={styles.paletteTitle}>{group.title}</h2>
          {group.items.map((item) => (
            <button
              key={`${item.type}-${item.subtype}`}
              type="button"
              draggable
              className={styles.paletteItem}
              style={{ '--kind-color': kindOf(item.type).color } as CSSProperties}
              onDragStart={(e) => onDragStart(e, item)}
              onClick={() => onAdd(item)}
            >
              {/* named by what it shows (label, then description): a name that differs from the
                  visible label fails speech users who say what they see (WCAG 2.5.3) */}
              <span className={styles.paletteLabel}>{item.label}</span> <span className={styles.paletteDesc}>{item.description}</span>
              <span className={`${styles.nodeIcon} ${styles.paletteIcon}`}>
                <KindIcon paths={kindOf(item.type).icon(item.subtype)} />
              </span>
            </button>
          ))}
        </section>
      ))}
    </nav>
  );
});
