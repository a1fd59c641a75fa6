// The build sidebar (§2.6): tabs Blocks (the 5 palette items, dragged onto the canvas) and Templates.
import { useState } from 'react';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { BLOCK_PALETTE, PAGE_TEMPLATES, paletteItem, type PageTemplate } from './pages-canvas.js';
import { Button, Tabs, tabPanelProps } from '@accent/shared/ui';
import { paletteDraggableId, PALETTE_DROPPABLE } from './dnd.js';
import styles from './Builder.module.css';

const TABS = [
  { id: 'blocks', label: 'Blocks' },
  { id: 'templates', label: 'Templates' },
] as const;
const TABS_ID = 'page-builder-sidebar';

export interface SidebarProps {
  currentTemplate: string | null;
  onUseTemplate(template: PageTemplate): void;
  onClear(): void;
  canClear: boolean;
}

export function Sidebar({ currentTemplate, onUseTemplate, onClear, canClear }: SidebarProps) {
  const [tab, setTab] = useState<'blocks' | 'templates'>('blocks');
  return (
    <aside className={styles.sidebar} aria-label="Blocks and templates">
      <Tabs tabs={TABS} active={tab} onChange={(id) => setTab(id as typeof tab)} label="Sidebar" idBase={TABS_ID} />
      {tab === 'blocks' ? (
        <div {...tabPanelProps(TABS_ID, 'blocks')} className={styles.tabPanel}>
          <p className={styles.hint} id="palette-hint">
            Drag a block onto the canvas. With the keyboard: focus a block, press Space, move it with the arrow keys and press Space again.
          </p>
          <Palette />
          <Button variant="ghost" size="sm" onClick={onClear} disabled={!canClear}>
            Clear canvas
          </Button>
        </div>
      ) : (
        <div {...tabPanelProps(TABS_ID, 'templates')} className={styles.tabPanel}>
          <ul className={styles.templates} aria-label="Templates">
            {PAGE_TEMPLATES.map((t) => (
              <li key={t.id} className={styles.template} aria-current={t.id === currentTemplate || undefined}>
                <h3 className={styles.templateName}>{t.name}</h3>
                <p className={styles.templateText}>{t.description}</p>
                <p className={styles.templateBlocks}>{t.blocks.map((b) => paletteItem(b)?.title ?? b).join(' · ')}</p>
                <Button size="sm" variant="secondary" onClick={() => onUseTemplate(t)} aria-label={`Use template ${t.name}`}>
                  Use template
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}

/** The palette: a list nobody drops into; its items are copied onto the canvas. */
function Palette() {
  return (
    <Droppable droppableId={PALETTE_DROPPABLE} isDropDisabled>
      {(provided) => (
        <div ref={provided.innerRef} {...provided.droppableProps} className={styles.palette}>
          {BLOCK_PALETTE.map((item, index) => (
            <Draggable key={item.id} draggableId={paletteDraggableId(item.id)} index={index}>
              {(drag, snapshot) => (
                <div
                  ref={drag.innerRef}
                  {...drag.draggableProps}
                  {...drag.dragHandleProps}
                  className={`${styles.paletteItem} ${snapshot.isDragging ? styles.dragging : ''}`}
                  aria-describedby="palette-hint"
                  data-testid={`palette-${item.id}`}
                >
                  <span className={styles.paletteIcon} aria-hidden="true">
                    {item.icon}
                  </span>
                  <span>
                    <strong className={styles.paletteTitle}>{item.title}</strong>{' '}
                    <span className={styles.paletteText}>{item.description}</span>
                  </span>
                </div>
              )}
            </Draggable>
          ))}
          {provided.placeholder}
        </div>
      )}
    </Droppable>
  );
}
