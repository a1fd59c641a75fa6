import { describe, expect, it } from '@jest/globals';
import { TOOL_CATALOGUE } from '@accent/agents-common';
import { TOOL_GROUPS } from './toolGroups.js';

describe('tool groups', () => {
  it('hold every catalogue tool exactly once', () => {
    const grouped = TOOL_GROUPS.flatMap((g) => g.tools);
    expect(grouped).toHaveLength(TOOL_CATALOGUE.length);
    expect([...grouped].sort()).toEqual([...TOOL_CATALOGUE].sort());
  });
});
