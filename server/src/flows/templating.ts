// Flow templating: `{{path}}` placeholders in prompts, URLs, headers and bodies, filled from the node's
// scope: `payload.x`, `last` (what the node before passed on as text: an Agent's answer), `last_raw` (its
// whole output), `last.text`, `nodes.<node id>.output.y`, `<node id>.y` (a node id may contain
// dots or dashes: the longest known id wins). Paths are dotted; array items by index (`items.0.name`
// or `items[0].name`). Values render as text: strings as they are, numbers and booleans with String(),
// objects and arrays as JSON. A placeholder whose path does not resolve stays as written, so a
// mistake is visible in the node's trace (as in the agent runtime's templating).
import { FLOW_LAST, FLOW_LAST_RAW } from '@accent/flows-common';

/** What a node's templates and condition fields are resolved against. */
export interface FlowScope {
  /** the node's input: {payload, <upstream node id>: output…, last} */
  input: Record<string, unknown>;
  /** succeeded upstream nodes' outputs by node id: `nodes.<id>.output` */
  nodes: Record<string, { output: unknown }>;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
const MISSING = Symbol('missing');
type Resolved = unknown | typeof MISSING;

/** `a.b[0].c` → ['a', 'b', '0', 'c'] */
export function splitPath(path: string): string[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function walk(value: unknown, segments: string[]): Resolved {
  let current: unknown = value;
  for (const segment of segments) {
    if (current === null || current === undefined) return MISSING;
    if (typeof current === 'string' && segment === 'length') return current.length;
    if (typeof current !== 'object') return MISSING;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return MISSING;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** A path that starts with a key of `record` whose name may itself contain dots: the longest key wins. */
function walkKeyed(record: Record<string, unknown>, path: string): Resolved {
  let best: string | null = null;
  for (const key of Object.keys(record)) {
    if ((path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`)) && (best === null || key.length > best.length)) best = key;
  }
  if (best === null) return MISSING;
  return walk(record[best], splitPath(path.slice(best.length)));
}

/**
 * Resolves a dotted path against the scope: `nodes.<id>…` against upstream outputs, otherwise against
 * the input (`payload…`, `last…`, `<node id>…`). With `fallbackToLast`, a path whose first name is not
 * in the input is looked up in `last` (condition fields: `status` means `last.status`).
 */
export function resolvePath(scope: FlowScope, path: string, options: { fallbackToLast?: boolean } = {}): { found: boolean; value: unknown } {
  const trimmed = path.trim();
  if (!trimmed) return { found: false, value: undefined };
  // `last` alone is the answer the node before passed on (an Agent's text, not its output object);
  // `last_raw` is that output as it is (`last.<field>` still reads a field of it)
  if (trimmed === FLOW_LAST) return { found: 'last' in scope.input, value: lastValue(scope) };
  if (trimmed === FLOW_LAST_RAW || trimmed.startsWith(`${FLOW_LAST_RAW}.`) || trimmed.startsWith(`${FLOW_LAST_RAW}[`)) {
    const raw = walk(scope.input.last, splitPath(trimmed.slice(FLOW_LAST_RAW.length)));
    return raw === MISSING ? { found: false, value: undefined } : { found: true, value: raw };
  }
  let value: Resolved = MISSING;
  if (trimmed.startsWith('nodes.')) value = walkKeyed(scope.nodes, trimmed.slice('nodes.'.length));
  if (value === MISSING) value = walkKeyed(scope.input, trimmed);
  if (value === MISSING && options.fallbackToLast) value = walk(scope.input.last, splitPath(trimmed));
  return value === MISSING ? { found: false, value: undefined } : { found: true, value };
}

export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Fills `{{path}}` placeholders with text; unresolved ones stay as written. */
export function renderTemplate(template: string, scope: FlowScope): string {
  if (!template.includes('{{')) return template;
  return template.replace(PLACEHOLDER, (whole, path: string) => {
    const { found, value } = resolvePath(scope, path);
    return found ? toText(value) : whole;
  });
}

/**
 * A URL template: values filled into the path, query or fragment are percent-encoded (a value cannot add
 * path segments or query parameters); values before the path (scheme and host, e.g. `{{payload.baseUrl}}/x`)
 * are filled as they are.
 */
export function renderUrl(template: string, scope: FlowScope): string {
  if (!template.includes('{{')) return template;
  const masked = template.replace(PLACEHOLDER, (whole) => 'x'.repeat(whole.length));
  const scheme = masked.indexOf('://');
  const after = scheme === -1 ? 0 : scheme + 3;
  const rest = masked.slice(after).search(/[/?#]/);
  const pathStart = rest === -1 ? masked.length : after + rest;
  return template.replace(PLACEHOLDER, (whole, path: string, offset: number) => {
    const { found, value } = resolvePath(scope, path);
    if (!found) return whole;
    return offset >= pathStart ? encodeURIComponent(toText(value)) : toText(value);
  });
}

const SINGLE_PLACEHOLDER = /^\s*\{\{\s*([^{}]+?)\s*\}\}\s*$/;

/**
 * Fills placeholders inside a structure: every string is rendered; a string that is exactly one
 * placeholder is replaced by the value itself (an array stays an array, a number a number).
 */
export function renderDeep(value: unknown, scope: FlowScope): unknown {
  if (typeof value === 'string') {
    const single = SINGLE_PLACEHOLDER.exec(value);
    if (single) {
      const { found, value: resolved } = resolvePath(scope, single[1]);
      return found ? resolved : value;
    }
    return renderTemplate(value, scope);
  }
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, scope));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, renderDeep(v, scope)]));
  }
  return value;
}

/**
 * A body as written in a node: an object is rendered structurally; a text that is JSON (an object or
 * array) is parsed and rendered structurally, so filled values are escaped correctly; any other text is
 * rendered as text. Answers `{json}` or `{text}`.
 */
export function renderBody(body: unknown, scope: FlowScope): { json: unknown } | { text: string } | null {
  if (body === undefined || body === null || body === '') return null;
  if (typeof body !== 'string') return { json: renderDeep(body, scope) };
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { json: renderDeep(JSON.parse(trimmed), scope) };
    } catch {
      /* not JSON: plain text */
    }
  }
  return { text: renderTemplate(body, scope) };
}

/** What the node before passed on: its `text` when it has one (an Agent's answer), else the value itself. */
function lastValue(scope: FlowScope): unknown {
  const last = scope.input.last;
  if (last && typeof last === 'object' && typeof (last as { text?: unknown }).text === 'string') return (last as { text: string }).text;
  return last;
}

/** The text a node works on when none is configured (`{{last}}` as text). */
export function lastText(scope: FlowScope): string {
  return toText(lastValue(scope));
}
