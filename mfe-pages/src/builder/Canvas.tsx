// The canvas (§2.6): zones full-width, left-column and right-column; every component is a draggable card
// with its block rendered in design mode, Edit (the props editor) and Delete.
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { componentsInZone, paletteItem } from './pages-canvas.js';
import { type CanvasComponent, type CanvasZone } from '@accent/pages-common';
import { Button } from '@accent/shared/ui';
import { BlockView } from '../renderer/PageView.js';
import styles from './Builder.module.css';

export const ZONE_LABELS: Record<CanvasZone, string> = {
  'full-width': 'Full width',
  'left-column': 'Left column',
  'right-column': 'Right column',
};

export interface CanvasProps {
  components: readonly CanvasComponent[];
  activeId: string | null;
  onEdit(id: string): void;
  onDelete(id: string): void;
}

export function Canvas(props: CanvasProps) {
  return (
    <div className={styles.canvas} aria-label="Canvas" role="region">
      <Zone zone="full-width" {...props} />
      <div className={styles.canvasColumns}>
        <Zone zone="left-column" {...props} />
        <Zone zone="right-column" {...props} />
      </div>
    </div>
  );
}

function Zone({ zone, components, activeId, onEdit, onDelete }: CanvasProps & { zone: CanvasZone }) {
  const items = componentsInZone(components, zone);
  return (
    <Droppable droppableId={zone}>
      {(provided, snapshot) => (
        <section className={`${styles.zone} ${snapshot.isDraggingOver ? styles.zoneOver : ''}`} aria-label={`${ZONE_LABELS[zone]} zone`} data-testid={`zone-${zone}`}>
          <h2 className={styles.zoneTitle}>{ZONE_LABELS[zone]}</h2>
          <ul ref={provided.innerRef} {...provided.droppableProps} className={styles.zoneList}>
            {items.map((component, index) => (
              <ComponentCard key={component.id} component={component} index={index} active={component.id === activeId} onEdit={onEdit} onDelete={onDelete} />
            ))}
            {provided.placeholder}
          </ul>
          {items.length === 0 && !snapshot.isDraggingOver && <p className={styles.zoneEmpty}>Drop blocks here</p>}
        </section>
      )}
    </Droppable>
  );
}

function ComponentCard({ component, index, active, onEdit, onDelete }: { component: CanvasComponent; index: number; active: boolean; onEdit(id: string): void; onDelete(id: string): void }) {
  const title = paletteItem(component.type)?.title ?? component.type;
  return (
    <Draggable draggableId={component.id} index={index}>
      {(drag, snapshot) => (
        <li
          ref={drag.innerRef}
          {...drag.draggableProps}
          className={`${styles.card} ${snapshot.isDragging ? styles.dragging : ''} ${active ? styles.active : ''}`}
          style={{ ...drag.draggableProps.style, ...(component.layout.zone === 'full-width' ? { width: component.layout.width } : {}) }}
          data-testid="canvas-component"
          data-type={component.type}
          data-id={component.id}
          aria-label={`${title} (${component.layout.width})`}
        >
          <div className={styles.cardBar}>
            <span {...drag.dragHandleProps} className={styles.handle} role="button" tabIndex={0} aria-label={`Move ${title}`}>
              <span aria-hidden="true">⠿</span>
            </span>
            <span className={styles.cardTitle}>{title}</span>
            <span className={styles.cardWidth}>{component.layout.width}</span>
            <Button size="sm" variant="ghost" onClick={() => onEdit(component.id)} aria-label={`Edit ${title}`}>
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onDelete(component.id)} aria-label={`Delete ${title}`}>
              Delete
            </Button>
          </div>
          <div className={styles.cardBody} inert>
            <BlockView component={component} />
          </div>
        </li>
      )}
    </Draggable>
  );
}
