// The value a condition or switch looks at: its field, a dotted path into the node's input
// (payload.amount, last.status, <node id>.text, nodes.<id>.output.x); a path whose first name is not in
// the input is read from `last` (so `status` means last.status). An empty field means the incoming text
// (`last.text` when there is one) or else the incoming value itself.
import { resolvePath, type FlowScope } from '../templating.js';

export function fieldValue(scope: FlowScope, field: string): unknown {
  if (!field.trim()) {
    const last = scope.input.last;
    if (last && typeof last === 'object' && typeof (last as { text?: unknown }).text === 'string') return (last as { text: string }).text;
    return last;
  }
  return resolvePath(scope, field, { fallbackToLast: true }).value;
}
