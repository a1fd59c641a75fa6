import { describe, expect, it } from '@jest/globals';
import { dropAction, paletteDraggableId, PALETTE_DROPPABLE } from './dnd.js';

describe('dropAction', () => {
  it('creates a component where a palette block is dropped', () => {
    expect(dropAction({ draggableId: paletteDraggableId('crmData'), source: { droppableId: PALETTE_DROPPABLE, index: 1 }, destination: { droppableId: 'left-column', index: 2 } })).toEqual({
      type: 'add',
      blockType: 'crmData',
      zone: 'left-column',
      index: 2,
    });
  });

  it('moves a component to another zone or position', () => {
    expect(dropAction({ draggableId: 'abc', source: { droppableId: 'full-width', index: 0 }, destination: { droppableId: 'right-column', index: 0 } })).toEqual({
      type: 'move',
      id: 'abc',
      zone: 'right-column',
      index: 0,
    });
    expect(dropAction({ draggableId: 'abc', source: { droppableId: 'full-width', index: 0 }, destination: { droppableId: 'full-width', index: 2 } })).toMatchObject({ type: 'move', index: 2 });
  });

  it('ignores drops outside a zone, back on the palette, in place, or of an unknown block', () => {
    expect(dropAction({ draggableId: 'abc', source: { droppableId: 'full-width', index: 0 }, destination: null })).toBeNull();
    expect(dropAction({ draggableId: paletteDraggableId('header'), source: { droppableId: PALETTE_DROPPABLE, index: 0 }, destination: { droppableId: PALETTE_DROPPABLE, index: 0 } })).toBeNull();
    expect(dropAction({ draggableId: 'abc', source: { droppableId: 'full-width', index: 1 }, destination: { droppableId: 'full-width', index: 1 } })).toBeNull();
    expect(dropAction({ draggableId: paletteDraggableId('video'), source: { droppableId: PALETTE_DROPPABLE, index: 0 }, destination: { droppableId: 'full-width', index: 0 } })).toBeNull();
  });
});
