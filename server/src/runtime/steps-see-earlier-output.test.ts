// "Steps run in order; each sees the output of the ones before it" (the agent editor's Steps tab): a step
// whose prompt places no earlier output ({{step1}}, {{steps.<name>}}) is given them as context, labelled
// by step name; a step that places one gets exactly what it placed. The create modal's Researcher template
// is the agent the gap was found with: its "Write the brief" step never saw the sources gathered.
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { runDetailSchema, type AgentSaveRequest } from '@accent/agents-common';
import { findTemplate } from '../../../mfe-agents/src/create/templates.js';
import { saveAgent, } from '../testing/missions.js';
import { textOf, type ModelServer } from '../testing/model-server.js';
import { useModelApp } from '../testing/model-app.js';
import { type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(40_000);

const SOURCES = 'SOURCES: Acme 2025 annual report (revenue 12 M); Acme press release of 3 March.';

describe('each step sees the output of the ones before it', () => {
  let ctx: TestContext;
  let model: ModelServer;
  let admin: SignedIn;

  useModelApp((started) => ({ ctx, model, admin } = started));
  beforeEach(() => model.reset());

  const invoke = (name: string, query: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent/invoke',
      headers: admin.headers,
      payload: { name, query, use_history: false, save_history: false },
    });
  const system = (i: number) => textOf(model.requests[i].body.messages.find((m) => m.role === 'system')?.content ?? '');

  it("the Researcher template's brief step is given the sources gathered, labelled by step name, and the trace says so", async () => {
    const researcher = findTemplate('researcher')!.build();
    const agent = { ...researcher, name: 'Researcher from the template', params: { ...researcher.params, topic: 'Acme' } };
    await saveAgent(ctx, admin, agent as unknown as AgentSaveRequest);
    model.reply({ text: SOURCES }, { text: 'The brief.' });

    const response = await invoke(agent.name, 'What does Acme do?');
    expect([response.statusCode, response.body]).toEqual([200, 'The brief.']);
    expect(model.requests).toHaveLength(2);
    // step 1 has nothing before it
    expect(system(0)).not.toContain('Output of the earlier steps');
    // step 2: its own prompt is the user's message (it places {{query}}); the sources are in its instructions
    expect(model.requests[1].body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Using the sources gathered, write a one-page brief for the sales team on this request: What does Acme do?',
    });
    expect(system(1)).toContain(`Output of the earlier steps:\n\n[Step 1: Gather sources]\n${SOURCES}`);

    const run = runDetailSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${String(response.headers['x-run-id'])}`, headers: admin.headers })).json(),
    );
    expect(run.trace!.steps.map((s) => s.context_steps)).toEqual([[], ['Gather sources']]);
    expect(run.trace!.steps[1].messages![0].content).toContain(SOURCES);
  });

  it('a step that places an earlier output itself gets it once, and no context block', async () => {
    const step = (name: string, query: string) => ({
      name,
      query,
      system: [],
      model: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        temperature: 0.2,
        max_retries: 0,
        timeout: 30,
        max_tokens: 0,
        system: '',
        enable_context_helper: true,
      },
      tools: [],
      include_in_output: true,
    });
    await saveAgent(ctx, admin, {
      name: 'Placed outputs',
      flow_type: 'dynamic',
      query: '',
      params: {},
      steps: [step('Draft', 'Draft an answer to: {{query}}'), step('Polish', 'Polish this draft:\n{{steps.Draft}}')],
    } as unknown as AgentSaveRequest);
    model.reply({ text: SOURCES });

    const response = await invoke('Placed outputs', 'What does Acme do?');
    expect(response.statusCode).toBe(200);
    const sent = model.requests[1].body.messages.map((m) => textOf(m.content)).join('\n');
    expect(sent.split(SOURCES)).toHaveLength(2);
    expect(sent).not.toContain('Output of the earlier steps');
  });
});
