// Parses the PostgREST query string and headers this gateway supports into a small, checked structure.
// Pure: no database, no schema (query.ts checks the names against the table). Anything outside the
// supported subset is refused with a PostgREST-style error instead of being guessed at.
//
// Supported (docs.postgrest.org "Tables and Views", as supabase-js sends it):
//   select=a,b | *                     plain columns only
//   <col>=[not.]<op>.<value>           op: eq neq gt gte lt lte like ilike in is
//   <col>=<op>(any|all).{v1,v2}        for eq neq gt gte lt lte like ilike
//   or=(a.eq.1,b.ilike.*x*) / not.or=  one level, values may be "double quoted"
//   order=a.desc.nullslast,b           limit=, offset=, Range: 0-9
//   on_conflict=a,b   columns="a","b"  (POST)
import { GatewayError, parseError } from './errors.js';

export const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is'] as const;
export type Operator = (typeof OPERATORS)[number];

/** PostgREST operators this gateway knows but refuses (so the error can say so). */
const UNSUPPORTED_OPERATORS = new Set(['cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts', 'match', 'imatch', 'isdistinct']);
const QUANTIFIABLE: ReadonlySet<Operator> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike']);
export const IS_VALUES = ['null', 'true', 'false', 'unknown'] as const;
export type IsValue = (typeof IS_VALUES)[number];

const SUPPORTED_HINT = `Supported operators: ${OPERATORS.join(', ')} (with not. and, except in/is, (any)/(all))`;

export interface Condition {
  kind: 'condition';
  column: string;
  operator: Operator;
  negated: boolean;
  /** eq(any).{a,b}: compare with any / all of `list` */
  quantifier?: 'any' | 'all';
  /** the single value (eq, like …); the list's source text for in and quantified conditions */
  value: string;
  /** in.(…) and quantified conditions */
  list?: string[];
}

export interface OrGroup {
  kind: 'or';
  negated: boolean;
  conditions: Condition[];
}

export type Filter = Condition | OrGroup;

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: 'first' | 'last';
}

export interface ParsedQuery {
  /** null: `*` (or no select parameter) */
  select: string[] | null;
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  onConflict?: string[];
  columns?: string[];
}

const UNQUOTED_NAME = /^[\p{L}_][\p{L}\p{N}_$]*$/u;

/** A column name as PostgREST accepts it: plain, or "double quoted" (for names like "order"). */
export function parseColumnName(raw: string, where: string): string {
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    const inner = raw.slice(1, -1);
    if (inner && !inner.includes('"')) return inner;
  }
  if (UNQUOTED_NAME.test(raw)) return raw;
  if (raw.includes('->')) throw parseError(`JSON paths (${raw}) are not supported by this gateway`, `in ${where}`);
  if (raw.includes('.')) {
    throw parseError(`Embedded resources are not supported by this gateway: "${raw}"`, `in ${where}`, 'Filter, order and select on the table\'s own columns only');
  }
  if (raw.includes(':')) throw parseError(`Aliases and casts are not supported by this gateway: "${raw}"`, `in ${where}`);
  throw parseError(`failed to parse ${where} (${raw})`, `"${raw}" is not a column name`);
}

/**
 * Splits at top-level commas, keeping "quoted" parts and (parenthesised) parts together. Quotes and
 * parentheses stay in the pieces.
 */
export function splitTopLevel(text: string, where: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) throw parseError(`failed to parse ${where} (${text})`, 'unbalanced parentheses');
    } else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) throw parseError(`failed to parse ${where} (${text})`, 'unterminated double quote');
  if (depth !== 0) throw parseError(`failed to parse ${where} (${text})`, 'unbalanced parentheses');
  parts.push(text.slice(start));
  return parts;
}

/** `"a \"b\""` → `a "b"`; anything else as it is. */
function unquoteValue(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1).replace(/\\(.)/g, '$1');
  return text;
}

/** The items of `in.(a,"b,c")` or `{a,b}` (without the brackets). */
export function parseList(inner: string, where: string): string[] {
  if (inner === '') return [];
  return splitTopLevel(inner, where).map((item) => {
    if (item.startsWith('"') && !(item.length >= 2 && item.endsWith('"'))) throw parseError(`failed to parse ${where}`, `bad quoted item ${item}`);
    return unquoteValue(item);
  });
}

/** `[not.]op[(any|all)].value` for one column. Inside or=(…) values may be "double quoted". */
export function parseCondition(column: string, text: string, inLogic: boolean): Condition {
  const where = `filter (${text})`;
  let rest = text;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\((any|all)\))?\.([\s\S]*)$/.exec(rest);
  if (!match) {
    throw parseError(`failed to parse filter (${text})`, 'expected [not.]<operator>.<value>, e.g. eq.42', SUPPORTED_HINT);
  }
  const [, op, quantifier, rawValue] = match;
  if (!(OPERATORS as readonly string[]).includes(op)) {
    if (UNSUPPORTED_OPERATORS.has(op)) throw parseError(`The operator ${op} is not supported by this gateway`, `in filter (${text})`, SUPPORTED_HINT);
    throw parseError(`failed to parse filter (${text})`, `unknown operator "${op}"`, SUPPORTED_HINT);
  }
  const operator = op as Operator;
  if (quantifier) {
    if (!QUANTIFIABLE.has(operator)) throw parseError(`failed to parse filter (${text})`, `${operator} cannot take (${quantifier})`);
    if (!rawValue.startsWith('{') || !rawValue.endsWith('}')) throw parseError(`failed to parse filter (${text})`, `expected ${operator}(${quantifier}).{value,…}`);
    return { kind: 'condition', column, operator, negated, quantifier: quantifier as 'any' | 'all', value: rawValue, list: parseList(rawValue.slice(1, -1), where) };
  }
  if (operator === 'in') {
    if (!rawValue.startsWith('(') || !rawValue.endsWith(')')) throw parseError(`failed to parse filter (${text})`, 'expected in.(value,…)');
    return { kind: 'condition', column, operator, negated, value: rawValue, list: parseList(rawValue.slice(1, -1), where) };
  }
  if (operator === 'is') {
    const value = rawValue.toLowerCase();
    if (!(IS_VALUES as readonly string[]).includes(value)) throw parseError(`failed to parse filter (${text})`, `is takes ${IS_VALUES.join(', ')}`);
    return { kind: 'condition', column, operator, negated, value };
  }
  return { kind: 'condition', column, operator, negated, value: inLogic ? unquoteValue(rawValue) : rawValue };
}

/** `(a.eq.1,b.ilike.*x*)`: one level of conditions. */
export function parseOr(text: string, negated: boolean): OrGroup {
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError(`failed to parse logic tree (${text})`, 'expected or=(<column>.<operator>.<value>,…)');
  const inner = text.slice(1, -1);
  if (inner.trim() === '') throw parseError(`failed to parse logic tree (${text})`, 'or=() needs at least one condition');
  const conditions = splitTopLevel(inner, `logic tree (${text})`).map((item) => {
    if (/^(not\.)?(and|or)\(/.test(item)) {
      throw parseError('Nested and()/or() are not supported by this gateway', `in logic tree (${text})`, 'Use one level: or=(a.eq.1,b.eq.2)');
    }
    let column: string;
    let rest: string;
    if (item.startsWith('"')) {
      const end = item.indexOf('"', 1);
      if (end < 0 || item[end + 1] !== '.') throw parseError(`failed to parse logic tree (${text})`, `bad condition ${item}`);
      column = item.slice(0, end + 1);
      rest = item.slice(end + 2);
    } else {
      const dot = item.indexOf('.');
      if (dot <= 0) throw parseError(`failed to parse logic tree (${text})`, `expected <column>.<operator>.<value>, got ${item}`);
      column = item.slice(0, dot);
      rest = item.slice(dot + 1);
    }
    return parseCondition(parseColumnName(column, `logic tree (${text})`), rest, true);
  });
  return { kind: 'or', negated, conditions };
}

/** select=a,b,"c" or *. Embedding, aggregates, aliases, casts and JSON paths are refused. */
export function parseSelect(text: string): string[] | null {
  if (text === '' || text === '*') return null;
  const names: string[] = [];
  for (const item of splitTopLevel(text, 'select parameter')) {
    if (item === '*') {
      names.push('*');
      continue;
    }
    if (/^(count|sum|avg|min|max)\(\)$/.test(item) || /\.(count|sum|avg|min|max)\(\)/.test(item)) {
      throw new GatewayError(400, 'PGRST123', 'Use of aggregate functions is not allowed', { details: `in select (${item})` });
    }
    if (item.includes('(')) {
      throw parseError(`Embedded resources are not supported by this gateway: "${item}"`, `in select (${text})`, 'Select the table\'s own columns only');
    }
    if (item.startsWith('...')) throw parseError(`Spread (${item}) is not supported by this gateway`, `in select (${text})`);
    names.push(parseColumnName(item, 'select parameter'));
  }
  return names.includes('*') && names.length === 1 ? null : names;
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text, `order (${text})`).map((term) => {
    let name: string;
    let rest: string;
    if (term.startsWith('"')) {
      const end = term.indexOf('"', 1);
      if (end < 0) throw parseError(`failed to parse order (${text})`, `bad term ${term}`);
      name = term.slice(0, end + 1);
      rest = term.slice(end + 1);
    } else {
      const dot = term.indexOf('.');
      name = dot < 0 ? term : term.slice(0, dot);
      rest = dot < 0 ? '' : term.slice(dot);
    }
    const column = parseColumnName(name, `order (${text})`);
    const modifiers = rest === '' ? [] : rest.slice(1).split('.');
    if (rest !== '' && !rest.startsWith('.')) throw parseError(`failed to parse order (${text})`, `bad term ${term}`);
    const result: OrderTerm = { column, descending: false };
    let i = 0;
    if (modifiers[i] === 'asc' || modifiers[i] === 'desc') result.descending = modifiers[i++] === 'desc';
    if (modifiers[i] === 'nullsfirst' || modifiers[i] === 'nullslast') result.nulls = modifiers[i++] === 'nullsfirst' ? 'first' : 'last';
    if (i !== modifiers.length) throw parseError(`failed to parse order (${text})`, `expected <column>[.asc|.desc][.nullsfirst|.nullslast], got ${term}`);
    return result;
  });
}

function parseNonNegative(name: string, text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(`failed to parse ${name} parameter (${text})`, `${name} must be a non-negative integer`);
  return Number(text);
}

const NAME_LIST = (text: string, where: string) => splitTopLevel(text, where).map((n) => parseColumnName(n, where));

/** The query string (without `?`), in order; repeated filters on one column all apply. */
export function parseQuery(search: string): ParsedQuery {
  const query: ParsedQuery = { select: null, filters: [], order: [] };
  for (const [key, value] of new URLSearchParams(search)) {
    switch (key) {
      case 'select':
        query.select = parseSelect(value);
        break;
      case 'order':
        query.order.push(...parseOrder(value));
        break;
      case 'limit':
        query.limit = parseNonNegative('limit', value);
        break;
      case 'offset':
        query.offset = parseNonNegative('offset', value);
        break;
      case 'on_conflict':
        query.onConflict = NAME_LIST(value, 'on_conflict');
        break;
      case 'columns':
        query.columns = NAME_LIST(value, 'columns');
        break;
      case 'or':
      case 'not.or':
        query.filters.push(parseOr(value, key === 'not.or'));
        break;
      case 'and':
      case 'not.and':
        throw parseError(`${key}=(…) is not supported by this gateway`, null, 'Send each condition as its own parameter: they all apply (AND)');
      default: {
        if (/\.(or|and|order|limit|offset|select)$/.test(key)) {
          throw parseError(`Embedded resources are not supported by this gateway: "${key}"`, null, 'Filter, order and limit the table\'s own columns only');
        }
        query.filters.push(parseCondition(parseColumnName(key, `filter (${key})`), value, false));
      }
    }
  }
  return query;
}

export interface Preferences {
  return: 'representation' | 'minimal';
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  /** what is echoed in Preference-Applied */
  applied: string[];
}

/** Prefer (possibly several headers, comma separated). Unknown preferences are ignored, as PostgREST does by default. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { return: 'minimal', count: false, missingDefault: false, applied: [] };
  const tokens = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((t) => t.trim()).filter(Boolean);
  for (const token of tokens) {
    const [name, value] = token.split('=').map((s) => s.trim());
    if (name === 'return' && (value === 'representation' || value === 'minimal' || value === 'headers-only')) {
      prefs.return = value === 'representation' ? 'representation' : 'minimal';
      prefs.applied.push(`return=${value}`);
    } else if (name === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
      // planned/estimated: the exact count (a statistics estimate is not worth the difference here)
      prefs.count = true;
      prefs.applied.push(`count=${value}`);
    } else if (name === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      prefs.resolution = value;
      prefs.applied.push(`resolution=${value}`);
    } else if (name === 'missing' && value === 'default') {
      prefs.missingDefault = true;
      prefs.applied.push('missing=default');
    }
  }
  return prefs;
}

export type ResponseShape = { singular: boolean; stripNulls: boolean };

/**
 * Accept: application/json (or any type, vnd.pgrst.array+json, nothing) → an array;
 * application/vnd.pgrst.object+json → one object (406 PGRST116 unless exactly one row). `nulls=stripped`
 * drops null fields. Other media types (csv, geojson, plans) → 406.
 */
export function parseAccept(header: string | undefined): ResponseShape {
  if (!header || header.trim() === '') return { singular: false, stripNulls: false };
  const types = header.split(',').map((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    return { type, stripNulls: params.includes('nulls=stripped') };
  });
  const object = types.find((t) => t.type === 'application/vnd.pgrst.object+json' || t.type === 'application/vnd.pgrst.object');
  if (object) return { singular: true, stripNulls: object.stripNulls };
  const array = types.find((t) => ['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*'].includes(t.type));
  if (array) return { singular: false, stripNulls: array.stripNulls };
  throw new GatewayError(406, 'PGRST107', `None of these media types are available: ${types.map((t) => t.type).join(', ')}`, {
    hint: 'This gateway answers application/json and application/vnd.pgrst.object+json',
  });
}

/** `Range: 0-9` (items) → offset and limit; malformed ranges are ignored, as PostgREST does. */
export function parseRange(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!match) return undefined;
  const from = Number(match[1]);
  if (match[2] === '') return { offset: from };
  const to = Number(match[2]);
  if (to < from) return undefined;
  return { offset: from, limit: to - from + 1 };
}
