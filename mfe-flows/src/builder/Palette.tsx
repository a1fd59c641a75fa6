import { memo, type DragEvent } from 'react';
import { FLOW_PALETTE, type FlowPaletteItem } from '@accent/flows-common';
import { PALETTE_MIME } from './graph.js';
import styles from './Builder.module.css';

/** The node palette: drag an item onto the canvas, or press Enter (or click) to add it at the viewport centre. */
export const Palette = memo(function Palette({ onAdd }: { onAdd: (item: FlowPaletteItem) => void }) {
  const onDragStart = (event: DragEvent<HTMLButtonElement>, item: FlowPaletteItem) => {
    event.dataTransfer.setData(PALETTE_MIME, JSON.stringify({ type: item.type, subtype: item.subtype, label: item.label }));
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <nav className={styles.palette} aria-label="Node palette">
      {FLOW_PALETTE.map((group) => (
        <section key={group.title} className={styles.paletteGroup}>
          <h2 className={styles.paletteTitle}>{group.title}</h2>
          {group.items.map((item) => (
            <button
              key={`${item.type}-${item.subtype}`}
              type="button"
              draggable
              className={styles.paletteItem}
              onDragStart={(e) => onDragStart(e, item)}
              onClick={() => onAdd(item)}
            >
              {/* named by what it shows (label, then description): a name that differs from the
                  visible label fails speech users who say what they see (WCAG 2.5.3) */}
              <span className={styles.paletteLabel}>{item.label}</span>{' '}
              <span className={styles.paletteDesc}>{item.description}</span>
            </button>
          ))}
        </section>
      ))}
    </nav>
  );
});
