import { describe, expect, it } from '@jest/globals';
import {
  addComponent,
  BLOCK_PALETTE,
  canvasReducer,
  componentsInZone,
  createComponent,
  DEFAULT_ACTION_BUTTONS,
  defaultBlockProps,
  deleteComponent,
  loadTemplate,
  moveComponent,
  PAGE_TEMPLATES,
  updateComponentProps,
  validateBlockProps,
} from './pages-canvas.js';
import { BLOCK_TYPES, canvasComponentSchema, newPageThreadId, publicChatRequestSchema, type CanvasComponent } from '@accent/pages-common';

const ids = (list: CanvasComponent[]) => list.map((c) => `${c.layout.zone}:${c.layout.position}:${c.id}`);
let n = 0;
const nextId = () => `id${++n}`;

describe('palette and templates', () => {
  it('has the five blocks, each with id, title, description and icon', () => {
    expect(BLOCK_PALETTE.map((p) => p.id)).toEqual([...BLOCK_TYPES]);
    for (const item of BLOCK_PALETTE) {
      expect(item.title).not.toBe('');
      expect(item.description).not.toBe('');
      expect(item.icon).not.toBe('');
    }
  });

  it('ships a logistics dashboard (7 buttons, response area on the right, chat) and a manufacturing template (5 buttons)', () => {
    const [logistics, manufacturing] = PAGE_TEMPLATES;
    expect(PAGE_TEMPLATES).toHaveLength(2);
    expect(logistics!.components.map((c) => c.type)).toEqual(['header', 'crmData', 'actionButtons', 'freeformChat', 'responseArea']);
    expect(logistics!.components.find((c) => c.type === 'actionButtons')!.props.buttons).toHaveLength(7);
    expect(logistics!.components.find((c) => c.type === 'responseArea')!.layout.zone).toBe('right-column');
    expect(manufacturing!.components.map((c) => c.type)).toEqual(['header', 'crmData', 'actionButtons', 'responseArea']);
    expect(manufacturing!.components.find((c) => c.type === 'actionButtons')!.props.buttons).toHaveLength(5);
    // every shipped component is valid
    for (const t of PAGE_TEMPLATES) for (const c of t.components) expect(canvasComponentSchema.safeParse(c).success).toBe(true);
  });

  it('gives fresh default props: four preset questions by default', () => {
    const a = defaultBlockProps('actionButtons');
    expect(a.buttons).toEqual([...DEFAULT_ACTION_BUTTONS]);
    a.buttons.push('x');
    expect(defaultBlockProps('actionButtons').buttons).toHaveLength(4);
  });
});

describe('canvas operations', () => {
  it('adds a component with a random 9-character id, default props and the default width of its zone', () => {
    const [c] = addComponent([], 'header');
    expect(c!.id).toMatch(/^[a-z0-9]{9}$/);
    expect(c!.layout).toEqual({ zone: 'full-width', width: '100%', position: 0 });
    expect(c!.props).toEqual(defaultBlockProps('header'));
    expect(createComponent('actionButtons').layout.width).toBe('40%');
    expect(createComponent('responseArea').layout.width).toBe('60%');
    expect(createComponent('header', 'left-column').layout.width).toBe('50%');
    expect(createComponent('responseArea', 'right-column').layout.width).toBe('50%');
  });

  it('adds at a position and shifts the others of that zone', () => {
    let list = addComponent([], 'header', 'full-width', 0, 'a');
    list = addComponent(list, 'crmData', 'full-width', 5, 'b');
    list = addComponent(list, 'actionButtons', 'full-width', 1, 'c');
    list = addComponent(list, 'responseArea', 'right-column', 0, 'd');
    expect(ids(list)).toEqual(['full-width:0:a', 'full-width:1:c', 'full-width:2:b', 'right-column:0:d']);
  });

  it('moves a component to another zone and position; width and props stay', () => {
    let list = addComponent([], 'header', 'full-width', 0, 'a');
    list = addComponent(list, 'crmData', 'full-width', 1, 'b');
    list = addComponent(list, 'actionButtons', 'left-column', 0, 'c');
    list = moveComponent(list, 'a', 'left-column', 1);
    expect(ids(list)).toEqual(['full-width:0:b', 'left-column:0:c', 'left-column:1:a']);
    expect(list.find((c) => c.id === 'a')!.layout.width).toBe('100%');
    list = moveComponent(list, 'a', 'left-column', 0);
    expect(ids(componentsInZone(list, 'left-column'))).toEqual(['left-column:0:a', 'left-column:1:c']);
    expect(moveComponent(list, 'nope', 'full-width', 0)).toEqual(list);
  });

  it('merges updated props and keeps a copy', () => {
    const list = addComponent([], 'header', 'full-width', 0, 'a');
    const props = { title: 'New title' };
    const next = updateComponentProps(list, 'a', props);
    expect(next[0]!.props).toEqual({ ...defaultBlockProps('header'), title: 'New title' });
    props.title = 'changed later';
    expect(next[0]!.props.title).toBe('New title');
    expect(list[0]!.props.title).toBe(defaultBlockProps('header').title);
  });

  it('deletes by id and closes the gap', () => {
    let list = addComponent([], 'header', 'full-width', 0, 'a');
    list = addComponent(list, 'crmData', 'full-width', 1, 'b');
    list = addComponent(list, 'freeformChat', 'full-width', 2, 'c');
    expect(ids(deleteComponent(list, 'b'))).toEqual(['full-width:0:a', 'full-width:1:c']);
  });

  it('loads a template in place of every component, with fresh ids and copied props', () => {
    const before = addComponent([], 'header', 'full-width', 0, 'old');
    const loaded = canvasReducer(before, { type: 'loadTemplate', template: PAGE_TEMPLATES[1]!, newId: nextId });
    expect(loaded.map((c) => c.type)).toEqual(['header', 'crmData', 'actionButtons', 'responseArea']);
    expect(loaded.some((c) => c.id === 'old')).toBe(false);
    expect(new Set(loaded.map((c) => c.id)).size).toBe(4);
    (loaded[2]!.props.buttons as string[]).push('mutated');
    expect(PAGE_TEMPLATES[1]!.components[2]!.props.buttons).toHaveLength(5);
    expect(loadTemplate(PAGE_TEMPLATES[0]!)[0]!.id).toMatch(/^[a-z0-9]{9}$/);
  });

  it('clears the canvas, and runs every operation through the reducer', () => {
    let list = canvasReducer([], { type: 'add', blockType: 'header', id: 'a' });
    list = canvasReducer(list, { type: 'add', blockType: 'crmData', zone: 'right-column', index: 0, id: 'b' });
    list = canvasReducer(list, { type: 'move', id: 'b', zone: 'full-width', index: 0 });
    list = canvasReducer(list, { type: 'update', id: 'b', props: { language: 'German' } });
    expect(ids(list)).toEqual(['full-width:0:b', 'full-width:1:a']);
    expect(list[0]!.props.language).toBe('German');
    list = canvasReducer(list, { type: 'delete', id: 'a' });
    expect(ids(list)).toEqual(['full-width:0:b']);
    expect(canvasReducer(list, { type: 'clear' })).toEqual([]);
  });
});

describe('prop validation', () => {
  it('accepts valid props and answers a copy', () => {
    const props = { domain: 'x.com', customerName: 'X', opportunityName: 'Y', language: 'Spanish' };
    const result = validateBlockProps('crmData', props);
    expect(result).toEqual({ ok: true, props });
    if (result.ok) expect(result.props).not.toBe(props);
  });

  it('limits the language to English, Spanish, French or German and colours to #rrggbb', () => {
    const bad = validateBlockProps('crmData', { domain: '', customerName: '', opportunityName: '', language: 'Italian' });
    expect(bad).toEqual({ ok: false, errors: { language: 'Language must be English, Spanish, French or German' } });
    const colour = validateBlockProps('header', { title: 'T', persona: 'P', backgroundColor: 'red' });
    expect(colour).toEqual({ ok: false, errors: { backgroundColor: 'Pick a colour like #1a2b3c' } });
  });

  it('checks the action-button list: strings only', () => {
    expect(validateBlockProps('actionButtons', { buttons: ['a', 'New Action Button'] }).ok).toBe(true);
    expect(validateBlockProps('actionButtons', { buttons: [1] }).ok).toBe(false);
  });

  it('copies props of an unknown type as they are', () => {
    expect(validateBlockProps('video', { src: 'x' })).toEqual({ ok: true, props: { src: 'x' } });
  });
});

describe('conversation threads', () => {
  it('makes thread ids the public chat accepts, a new one each time', () => {
    const a = newPageThreadId();
    expect(publicChatRequestSchema.safeParse({ message: 'hi', thread_id: a }).success).toBe(true);
    expect(newPageThreadId()).not.toBe(a);
  });
});
