// The visitor's question reaches the model (issue 18): a published page bound to an agent whose step
// prompt does not place {{query}} (like the seeded Lead Qualifier once did) still sends the visitor's
// question as the user's message. The local model server echoes the last user message, so the answer
// on /p/{slug} is the question itself, and the run's trace shows exactly what was sent.
import { expect, test } from '@playwright/test';
import { uniqueName } from './support/app.js';
import { authHeaders, getRun, listRuns, saveAgent, setOpenAiKey, type Headers } from './support/runtime.js';

const QUESTION = 'PURPLE-ELEPHANT: what does Acme do?';

let admin: Headers;
let agentName = '';

test.beforeAll(async ({ request }) => {
  admin = await authHeaders(request, 'admin');
  await setOpenAiKey(request, admin);
  agentName = uniqueName('Qualifier');
  await saveAgent(request, admin, {
    name: agentName,
    params: { lead: 'Acme Corp', ideal_customer_profile: 'B2B companies with 200-5000 employees' },
    steps: [{ name: 'Qualify lead', query: 'Lead details:\n{{lead}}\n\nIdeal customer profile: {{ideal_customer_profile}}' }],
  });
});

test("a visitor's question on /p/{slug} reaches the model and comes back in the answer", async ({ request, browser }) => {
  // a page with a chat, written through the data gateway as the builder's browser does, then published
  const { supabaseAnonKey } = (await (await request.get('/api/v1/config')).json()) as { supabaseAnonKey: string };
  const created = await request.post('/rest/v1/pages', {
    headers: { ...admin, apikey: supabaseAnonKey, Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    data: {
      name: uniqueName('Truth page'),
      agent_name: agentName,
      components: [{ id: 'chat00001', type: 'freeformChat', props: { placeholder: 'Ask me anything', backgroundColor: '#ffffff' }, layout: { zone: 'full-width', width: '100%', position: 0 } }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await request.post(`/api/v1/pages/${id}/publish`, { headers: admin });
  expect(published.status(), await published.text()).toBe(200);
  const { slug } = (await published.json()) as { slug: string };

  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/p/${slug}`);
    const chat = visitor.getByLabel('Your question');
    await expect(chat).toBeEnabled();
    await chat.fill(QUESTION);
    await visitor.getByRole('button', { name: 'Send' }).click();
    await expect(visitor.getByTestId('page-answer').first()).toHaveText(QUESTION, { timeout: 20_000 });
  } finally {
    await visitorContext.close();
  }

  // the trace: the step prompt is the instructions, the question the user's message, sent once
  const [latest] = await listRuns(request, admin, agentName);
  expect(latest).toMatchObject({ source: 'page', status: 'succeeded', output: QUESTION });
  const run = (await getRun(request, admin, latest.id)) as unknown as { trace: { steps: { messages: { role: string; content: string }[] }[] } };
  expect(run.trace.steps[0].messages).toEqual([
    { role: 'system', content: 'Lead details:\nAcme Corp\n\nIdeal customer profile: B2B companies with 200-5000 employees' },
    { role: 'user', content: QUESTION },
  ]);
});
