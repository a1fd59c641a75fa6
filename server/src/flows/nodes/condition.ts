// Condition (if_else): compares its field with its value (rules in compare.ts) and follows the edges of
// its "true" or "false" handle. It passes on what it received: the next node's `last` is the condition's
// own `last`; the comparison itself is its recorded output.
import { CONDITION_HANDLES } from '@accent/flows-common';
import { renderTemplate } from '../templating.js';
import { compare } from './compare.js';
import { fieldValue } from './field.js';
import type { NodeExecutor, NodeOf } from './types.js';

export const runCondition: NodeExecutor<NodeOf<'condition'>> = ({ node, scope }) => {
  const { conditionType, field } = node.data;
  const expected = renderTemplate(node.data.value, scope);
  const actual = fieldValue(scope, field);
  const { result, reason } = compare(conditionType, actual, expected);
  const handle = result ? CONDITION_HANDLES.true : CONDITION_HANDLES.false;
  return {
    output: { result, conditionType, field, actual: actual ?? null, ...(conditionType === 'exists' ? {} : { expected }), ...(reason ? { reason } : {}) },
    handle,
    forward: scope.input.last,
  };
};
