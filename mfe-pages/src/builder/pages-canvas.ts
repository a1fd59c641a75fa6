// The page builder's palette, templates and canvas operations (spec 02 §2.6, §3.7–3.9): plain data and
// pure functions, so the builder, its tests and the server's checks share one definition.
import {
  BLOCK_PROPS_SCHEMAS,
  BLOCK_TYPES,
  CANVAS_ZONES,
  DEFAULT_ZONE,
  defaultWidth,
  newComponentId,
  type BlockProps,
  type BlockType,
  type CanvasComponent,
  type CanvasZone,
} from '@accent/pages-common';

/** A deep copy of JSON data (props are JSON: they are stored in a jsonb column). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// ---- Palette (§2.6: 5 items, each with id, title, description, icon) -----------------------------

export interface PaletteItem {
  id: BlockType;
  title: string;
  description: string;
  icon: string;
}

export const BLOCK_PALETTE: readonly PaletteItem[] = [
  { id: 'header', title: 'Header', description: 'Title and persona of the assistant', icon: '🏷️' },
  { id: 'crmData', title: 'CRM Data', description: 'Customer, opportunity and language the agent works with', icon: '📇' },
  { id: 'actionButtons', title: 'Action Buttons', description: 'Preset questions a visitor asks with one click', icon: '⚡' },
  { id: 'responseArea', title: 'Response Area', description: "Where the assistant's answers appear", icon: '💬' },
  { id: 'freeformChat', title: 'Freeform Chat', description: 'A chat box for any question', icon: '✍️' },
];

export const isBlockType = (type: string): type is BlockType => (BLOCK_TYPES as readonly string[]).includes(type);
export const paletteItem = (type: string): PaletteItem | undefined => BLOCK_PALETTE.find((item) => item.id === type);

/** "four preset questions about a company" (§3.7). */
export const DEFAULT_ACTION_BUTTONS = [
  'What does this company do?',
  'Who are the key decision makers?',
  'What are their biggest business challenges?',
  'How can our solution help them?',
] as const;

const DEFAULT_PROPS: BlockProps = {
  header: { title: 'AI Sales Assistant', persona: 'Your account research assistant', backgroundColor: '#4c3fd9' },
  crmData: { domain: 'example.com', customerName: 'Example Inc.', opportunityName: 'New business', language: 'English' },
  actionButtons: { buttons: [...DEFAULT_ACTION_BUTTONS] },
  responseArea: { title: 'AI Response', backgroundColor: '#ffffff' },
  freeformChat: { placeholder: 'Ask anything about this account...', backgroundColor: '#ffffff' },
};

/** A fresh copy of a block's default props. */
export function defaultBlockProps<T extends BlockType>(type: T): BlockProps[T] {
  return copy(DEFAULT_PROPS[type]);
}

// ---- Prop validation -----------------------------------------------------------------------------

export type PropsValidation = { ok: true; props: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * Checks props against the block's schema and answers a copy (the editor saves a copy, §2.6). Props of
 * an unknown type are copied as they are: such a component still loads and shows "Unknown block type".
 */
export function validateBlockProps(type: string, props: Record<string, unknown>): PropsValidation {
  if (!isBlockType(type)) return { ok: true, props: copy(props) };
  const result = BLOCK_PROPS_SCHEMAS[type].safeParse(props);
  if (result.success) return { ok: true, props: copy(result.data) as Record<string, unknown> };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

// ---- Canvas operations (§3.9: add, move, update props merged, delete, load template, clear) ----

/** The components of one zone, in position order. */
export function componentsInZone(components: readonly CanvasComponent[], zone: CanvasZone): CanvasComponent[] {
  return components.filter((c) => c.layout.zone === zone).sort((a, b) => a.layout.position - b.layout.position);
}

/** Positions 0..n-1 in every zone; the list ordered by zone, then position. */
export function normalizePositions(components: readonly CanvasComponent[]): CanvasComponent[] {
  const known = new Set<string>(CANVAS_ZONES);
  const zones = [...CANVAS_ZONES, ...new Set(components.map((c) => c.layout.zone).filter((z) => !known.has(z)))] as CanvasZone[];
  return zones.flatMap((zone) =>
    componentsInZone(components, zone).map((c, position) => (c.layout.position === position ? c : { ...c, layout: { ...c.layout, position } })),
  );
}

/** Puts `component` at `index` of its zone (clamped), shifting the others. */
function placeAt(others: readonly CanvasComponent[], component: CanvasComponent, zone: CanvasZone, index: number): CanvasComponent[] {
  const inZone = componentsInZone(others, zone);
  const at = Math.max(0, Math.min(index, inZone.length));
  inZone.splice(at, 0, { ...component, layout: { ...component.layout, zone } });
  const rest = others.filter((c) => c.layout.zone !== zone);
  return normalizePositions([...rest, ...inZone.map((c, position) => ({ ...c, layout: { ...c.layout, position } }))]);
}

/** A new component of `type` at `index` of `zone` (end of the zone by default), with default props and width. */
export function createComponent(type: BlockType, zone: CanvasZone = DEFAULT_ZONE, id: string = newComponentId()): CanvasComponent {
  return { id, type, props: defaultBlockProps(type) as Record<string, unknown>, layout: { zone, width: defaultWidth(type, zone), position: 0 } };
}

export function addComponent(components: readonly CanvasComponent[], type: BlockType, zone: CanvasZone = DEFAULT_ZONE, index = Infinity, id?: string): CanvasComponent[] {
  return placeAt(components, createComponent(type, zone, id), zone, index);
}

/** Moves a component to `index` of `zone` (its zone and position change; width and props stay). */
export function moveComponent(components: readonly CanvasComponent[], id: string, zone: CanvasZone, index: number): CanvasComponent[] {
  const moving = components.find((c) => c.id === id);
  if (!moving) return [...components];
  return placeAt(
    components.filter((c) => c.id !== id),
    moving,
    zone,
    index,
  );
}

/** Merges `props` into the component's props (a copy: later edits of `props` do not reach the canvas). */
export function updateComponentProps(components: readonly CanvasComponent[], id: string, props: Record<string, unknown>): CanvasComponent[] {
  return components.map((c) => (c.id === id ? { ...c, props: { ...c.props, ...copy(props) } } : c));
}

export function deleteComponent(components: readonly CanvasComponent[], id: string): CanvasComponent[] {
  return normalizePositions(components.filter((c) => c.id !== id));
}

// ---- Templates (§3.8) ----------------------------------------------------------------------------

export interface PageTemplate {
  id: string;
  name: string;
  description: string;
  blocks: BlockType[];
  components: CanvasComponent[];
}

function component(id: string, type: BlockType, zone: CanvasZone, position: number, props: Record<string, unknown>): CanvasComponent {
  return { id, type, props, layout: { zone, width: defaultWidth(type, zone), position } };
}

export const PAGE_TEMPLATES: readonly PageTemplate[] = [
  {
    id: 'logistics-dashboard',
    name: 'Logistics Dashboard',
    description: 'Account intelligence for a freight and logistics prospect: seven preset questions, answers beside them, and a chat.',
    blocks: ['header', 'crmData', 'actionButtons', 'responseArea', 'freeformChat'],
    components: [
      component('tpl-log-header', 'header', 'full-width', 0, {
        title: 'Logistics Intelligence Hub',
        persona: 'Supply chain advisor for Northwind Freight',
        backgroundColor: '#0f766e',
      }),
      component('tpl-log-crm', 'crmData', 'full-width', 1, {
        domain: 'northwindfreight.com',
        customerName: 'Northwind Freight',
        opportunityName: 'Fleet Visibility Platform',
        language: 'English',
      }),
      component('tpl-log-actions', 'actionButtons', 'left-column', 0, {
        buttons: [
          'What does Northwind Freight do?',
          'Which regions and lanes do they serve?',
          'What are their biggest supply chain challenges?',
          'Who are the key decision makers?',
          'What technology do they use today?',
          'How could real-time fleet visibility help them?',
          'Draft an outreach email to their COO',
        ],
      }),
      component('tpl-log-chat', 'freeformChat', 'left-column', 1, { placeholder: 'Ask about Northwind Freight...', backgroundColor: '#f0fdfa' }),
      component('tpl-log-response', 'responseArea', 'right-column', 0, { title: 'Logistics Insights', backgroundColor: '#ffffff' }),
    ],
  },
  {
    id: 'manufacturing-intelligence',
    name: 'Manufacturing Intelligence',
    description: 'Operations research for a manufacturing prospect: five preset questions with the answers beside them.',
    blocks: ['header', 'crmData', 'actionButtons', 'responseArea'],
    components: [
      component('tpl-mfg-header', 'header', 'full-width', 0, {
        title: 'Manufacturing Intelligence',
        persona: 'Operations analyst for Contoso Manufacturing',
        backgroundColor: '#b45309',
      }),
      component('tpl-mfg-crm', 'crmData', 'full-width', 1, {
        domain: 'contoso-mfg.com',
        customerName: 'Contoso Manufacturing',
        opportunityName: 'Predictive Maintenance Rollout',
        language: 'English',
      }),
      component('tpl-mfg-actions', 'actionButtons', 'full-width', 2, {
        buttons: [
          'What does Contoso Manufacturing produce?',
          'Where are their plants and how large are they?',
          'What causes their unplanned downtime?',
          'Who owns operations and maintenance decisions?',
          'How would predictive maintenance pay off for them?',
        ],
      }),
      component('tpl-mfg-response', 'responseArea', 'full-width', 3, { title: 'Operations Insights', backgroundColor: '#fffbeb' }),
    ],
  },
];

export const pageTemplate = (id: string | null | undefined) => PAGE_TEMPLATES.find((t) => t.id === id);

/** The template's components with fresh ids and copied props: they replace the whole canvas (§3.8). */
export function loadTemplate(template: PageTemplate, newId: () => string = newComponentId): CanvasComponent[] {
  return normalizePositions(template.components.map((c) => ({ ...copy(c), id: newId() })));
}

// ---- The canvas reducer (§3.9) -------------------------------------------------------------------

export type CanvasAction =
  | { type: 'add'; blockType: BlockType; zone?: CanvasZone; index?: number; id?: string }
  | { type: 'move'; id: string; zone: CanvasZone; index: number }
  | { type: 'update'; id: string; props: Record<string, unknown> }
  | { type: 'delete'; id: string }
  | { type: 'loadTemplate'; template: PageTemplate; newId?: () => string }
  | { type: 'clear' }
  | { type: 'replace'; components: CanvasComponent[] };

export function canvasReducer(components: CanvasComponent[], action: CanvasAction): CanvasComponent[] {
  switch (action.type) {
    case 'add':
      return addComponent(components, action.blockType, action.zone, action.index, action.id);
    case 'move':
      return moveComponent(components, action.id, action.zone, action.index);
    case 'update':
      return updateComponentProps(components, action.id, action.props);
    case 'delete':
      return deleteComponent(components, action.id);
    case 'loadTemplate':
      return loadTemplate(action.template, action.newId);
    case 'clear':
      return [];
    case 'replace':
      return normalizePositions(action.components);
  }
}
