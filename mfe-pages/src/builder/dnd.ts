// What a drop on the canvas means (spec 02 §2.6): a palette block dropped in a zone creates a component
// there; a component dropped in a zone moves it to that zone and position. Droppable and draggable ids:
// the palette is `palette` and its items `palette:{type}`; a zone's id is its name; a component's, its id.
import { CANVAS_ZONES, type CanvasZone } from '@accent/pages-common';
import { isBlockType, type CanvasAction } from './pages-canvas.js';

export const PALETTE_DROPPABLE = 'palette';
export const paletteDraggableId = (type: string) => `palette:${type}`;

export interface DropResultLike {
  draggableId: string;
  source: { droppableId: string; index: number };
  destination?: { droppableId: string; index: number } | null;
}

const isZone = (id: string): id is CanvasZone => (CANVAS_ZONES as readonly string[]).includes(id);

/** The canvas operation of a finished drag, or null when it changes nothing. */
export function dropAction(result: DropResultLike): CanvasAction | null {
  const { destination, source, draggableId } = result;
  if (!destination || !isZone(destination.droppableId)) return null;
  const zone = destination.droppableId;
  if (source.droppableId === PALETTE_DROPPABLE) {
    const type = draggableId.slice(paletteDraggableId('').length);
    return isBlockType(type) ? { type: 'add', blockType: type, zone, index: destination.index } : null;
  }
  if (source.droppableId === zone && source.index === destination.index) return null;
  return { type: 'move', id: draggableId, zone, index: destination.index };
}
