// Switch: routes by its field's value to the edges of the first case whose value equals it (the
// `equals` rule of compare.ts; case values are templated), else to its default handle. Like a
// condition it passes on what it received.
import { renderTemplate } from '../templating.js';
import { valueEquals } from './compare.js';
import { fieldValue } from './field.js';
import type { NodeExecutor, NodeOf } from './types.js';

export const runSwitch: NodeExecutor<NodeOf<'condition'>> = ({ node, scope }) => {
  const { field, cases, defaultHandle } = node.data;
  const actual = fieldValue(scope, field);
  const index = cases.findIndex((c) => valueEquals(actual, renderTemplate(c.value, scope)));
  const handle = index === -1 ? defaultHandle : cases[index].handle;
  return {
    output: { value: actual ?? null, matched: index === -1 ? null : cases[index].value, handle },
    handle,
    forward: scope.input.last,
  };
};
