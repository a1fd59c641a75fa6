import { describe, expect, it } from '@jest/globals';
import { AGENT_AVATARS, TOOL_CATALOGUE, agentSaveRequestSchema, toSaveRequest } from '@accent/agents-common';
import { AGENT_TEMPLATES, findTemplate } from './templates.js';

describe('agent templates', () => {
  it('are Task, Researcher, Marketer and Email Writer', () => {
    expect(AGENT_TEMPLATES.map((t) => t.label)).toEqual(['Task', 'Researcher', 'Marketer', 'Email Writer']);
    expect(findTemplate('researcher')?.label).toBe('Researcher');
    expect(findTemplate('nope')).toBeUndefined();
    expect(findTemplate(null)).toBeUndefined();
  });

  it.each(AGENT_TEMPLATES.map((t) => [t.id, t] as const))('%s builds a valid draft agent with prompts, params and catalogue tools', (_id, template) => {
    const agent = template.build();
    expect(agent.status).toBe('Draft');
    expect(AGENT_AVATARS).toContain(agent.avatar);
    expect(agent.steps.length).toBeGreaterThanOrEqual(1);
    expect(agent.steps.length).toBeLessThanOrEqual(2);
    for (const step of agent.steps) {
      expect(step.query.length).toBeGreaterThan(10);
      expect(step.system.length).toBeGreaterThan(0);
      for (const tool of step.tools) expect(TOOL_CATALOGUE).toContain(tool);
    }
    expect(Object.keys(agent.params).length).toBeGreaterThan(0);
    expect(agentSaveRequestSchema.safeParse(toSaveRequest(agent)).success).toBe(true);
    // a fresh object every time: editing one draft never changes the template
    expect(template.build()).not.toBe(agent);
  });
});
