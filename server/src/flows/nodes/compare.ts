// How a condition compares its field with its value (and a switch its cases). The value is text typed
// in the builder (after templating); the field's value has its JSON type. Rules:
// - exists: the field resolves to something other than undefined, null or a blank string.
// - equals: numbers (or numeric text on both sides) compare as numbers ("10" equals 10.0); booleans
//   against "true"/"false" (any case); text exactly after trimming both sides (case-sensitive);
//   objects and arrays against the value parsed as JSON (deep equality); a missing field or null
//   equals only "" or "null".
// - contains: text contains the value, ignoring case; an array has an item that equals the value; an
//   object has the value as a key; numbers and booleans as text.
// - greater_than / less_than: numbers (or numeric text) as numbers; dates (ISO text on both sides) by
//   time; an array by its length; anything else is false (with the reason recorded).
import type { FlowConditionType } from '@accent/flows-common';

export interface Comparison {
  result: boolean;
  /** set when the comparison could not be made (recorded in the trace) */
  reason?: string;
}

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return null;
}

function asDate(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value.trim())) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : time;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function valueEquals(actual: unknown, expected: string): boolean {
  const want = expected.trim();
  if (actual === undefined || actual === null) return want === '' || want.toLowerCase() === 'null';
  if (typeof actual === 'boolean') return want.toLowerCase() === String(actual);
  const a = asNumber(actual);
  const b = asNumber(want);
  if (a !== null && b !== null) return a === b;
  if (typeof actual === 'number') return false;
  if (typeof actual === 'string') return actual.trim() === want;
  if (typeof actual === 'object') {
    try {
      return deepEqual(actual, JSON.parse(want));
    } catch {
      return false;
    }
  }
  return String(actual) === want;
}

function ordered(actual: unknown, expected: string, type: 'greater_than' | 'less_than'): Comparison {
  const sign = (d: number): boolean => (type === 'greater_than' ? d > 0 : d < 0);
  const b = asNumber(expected);
  const a = Array.isArray(actual) ? actual.length : asNumber(actual);
  if (a !== null && b !== null) return { result: sign(a - b) };
  const da = asDate(actual);
  const db = asDate(expected);
  if (da !== null && db !== null) return { result: sign(da - db) };
  if (actual === undefined || actual === null) return { result: false, reason: 'The field has no value.' };
  return { result: false, reason: 'The field and the value are not both numbers or both dates.' };
}

export function compare(type: FlowConditionType, actual: unknown, expected: string): Comparison {
  switch (type) {
    case 'exists':
      return { result: !(actual === undefined || actual === null || (typeof actual === 'string' && actual.trim() === '')) };
    case 'equals':
      return { result: valueEquals(actual, expected) };
    case 'contains': {
      if (actual === undefined || actual === null) return { result: false, reason: 'The field has no value.' };
      if (typeof actual === 'string') return { result: actual.toLowerCase().includes(expected.toLowerCase()) };
      if (Array.isArray(actual)) return { result: actual.some((item) => valueEquals(item, expected)) };
      if (typeof actual === 'object') return { result: Object.prototype.hasOwnProperty.call(actual, expected.trim()) };
      return { result: String(actual).toLowerCase().includes(expected.toLowerCase()) };
    }
    case 'greater_than':
    case 'less_than':
      return ordered(actual, expected, type);
  }
}
