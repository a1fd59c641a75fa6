// The node picker of a "+" (after an output, on an edge): a search field over the palette items that can
// follow a node, as a combobox with its listbox. Arrow keys move, Enter inserts, Escape or a click
// outside closes.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { FlowPaletteItem } from '@accent/flows-common';
import { KindIcon } from './FlowNodeCard.js';
import { kindOf, PICKER_PALETTE, searchPalette } from './nodeKinds.js';
import styles from './Builder.module.css';

export interface NodePickerProps {
  /** the "+" pressed: the picker opens next to it */
  anchor: DOMRect;
  /** what the picker says it inserts after or into, e.g. 'Add a node after Agent' */
  title: string;
  onPick: (item: FlowPaletteItem) => void;
  onClose: () => void;
}

const WIDTH = 300;
const MAX_HEIGHT = 360;

export function NodePicker({ anchor, title, onPick, onClose }: NodePickerProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const groups = useMemo(() => searchPalette(PICKER_PALETTE, query), [query]);
  const items = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const optionId = (i: number) => `${id}-option-${i}`;

  useLayoutEffect(() => input.current?.focus(), []);
  // the active option stays in view as the arrow keys move it
  useEffect(() => {
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);
  // a press outside closes the picker
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [onClose]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : Math.max(0, items.length - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[active];
      if (item) onPick(item);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };

  // beside the "+", kept inside the window
  const left = Math.max(8, Math.min(anchor.right + 8, window.innerWidth - WIDTH - 8));
  const top = Math.max(8, Math.min(anchor.top - 16, window.innerHeight - MAX_HEIGHT - 8));
  let index = -1;
  return (
    <div ref={root} className={styles.picker} style={{ left, top, width: WIDTH, maxHeight: MAX_HEIGHT }} role="dialog" aria-label={title}>
      <p className={styles.pickerTitle}>{title}</p>
      <input
        ref={input}
        className={styles.search}
        type="text"
        role="combobox"
        aria-label="Search nodes"
        placeholder="Search nodes…"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={items.length ? optionId(active) : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {items.length === 0 && <p className={styles.muted}>No node matches “{query}”.</p>}
      <div id={`${id}-list`} role="listbox" aria-label="Nodes" className={styles.pickerList} hidden={items.length === 0}>
        {groups.map((g) => (
          <div key={g.title} role="group" aria-labelledby={`${id}-${g.title}`}>
            <div id={`${id}-${g.title}`} role="presentation" className={styles.paletteTitle}>
              {g.title}
            </div>
            {g.items.map((item) => {
              index++;
              const i = index;
              return (
                <div
                  key={`${item.type}-${item.subtype}`}
                  id={optionId(i)}
                  role="option"
                  // the combobox keeps the focus (aria-activedescendant); -1 keeps options out of the tab order
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={`${styles.pickerOption} ${i === active ? styles.pickerActive : ''}`}
                  style={{ '--kind-color': kindOf(item.type).color } as CSSProperties}
                  onMouseMove={() => setActive(i)}
                  onClick={() => onPick(item)}
                >
                  <span className={styles.nodeIcon}>
                    <KindIcon paths={kindOf(item.type).icon(item.subtype)} />
                  </span>
                  <span className={styles.nodeText}>
                    <span className={styles.paletteLabel}>{item.label}</span>
                    <span className={styles.paletteDesc}>{item.description}</span>
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
