import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MODEL_PROVIDERS, newStep, type AgentConfig } from '@accent/agents-common';
import { deferred, fakeApi, listItem, renderAgents, signInAs, type Rendered } from '../testing/renderAgents.js';

const savedBody = (r: Rendered, call = 0) => r.api.save.mock.calls[call]![0] as AgentConfig;

async function openTab(r: Rendered, name: string) {
  await r.user.click(screen.getByRole('tab', { name }));
  expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

function renderNew(route = '/agents/new') {
  return renderAgents({ route, api: fakeApi([]) });
}

describe('editor shell', () => {
  it('titles a new agent Create New Agent, starts as Draft, and cannot test it before it is saved', async () => {
    renderNew();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Agent' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('Draft');
    expect(screen.getByRole('button', { name: 'Back to Agents' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Agent' })).toBeEnabled();
    const test = screen.getByRole('button', { name: 'Test Agent' });
    expect(test).toBeDisabled();
    expect(test).toHaveAccessibleDescription('Save the agent before testing it');
  });

  it('has seven tabs (Runs, Versions, Test Sets) that switch by click and by arrow keys', async () => {
    const r = renderNew();
    await screen.findByLabelText('Name');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Basic Info',
      'Tools & Integrations',
      'Steps',
      'Advanced Settings',
      'Runs',
      'Versions',
      'Test Sets',
    ]);
    await openTab(r, 'Steps');
    expect(screen.getByText('This agent has no configured steps. It may be a simple single-response agent.')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', screen.getByRole('tab', { name: 'Steps' }).id);
    await r.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Advanced Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Rate limit (requests per minute)')).toHaveValue(60);
    await r.user.keyboard('{Home}');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
  });

  it("a member's editor is a read-only view, titled as one", async () => {
    const signOut = signInAs('member');
    try {
      const api = fakeApi([listItem('Lead Qualifier', 'Scores leads')], {
        'Lead Qualifier': { description: 'Scores inbound leads', steps: [newStep(0)] },
      });
      renderAgents({ route: '/agents/edit/Lead%20Qualifier', api });
      expect(await screen.findByRole('heading', { level: 1, name: 'View Lead Qualifier' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1, name: 'Edit Lead Qualifier' })).not.toBeInTheDocument();
      expect(screen.getByText('Read only')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save Agent' })).not.toBeInTheDocument();
    } finally {
      signOut();
    }
  });

  it("tells a member at /agents/new that they can't create agents, with no form to fill", async () => {
    const signOut = signInAs('member');
    try {
      const r = renderNew();
      expect(await screen.findByText("You can't create agents")).toBeInTheDocument();
      expect(screen.getByText('Your role does not allow creating agents.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1, name: 'Create New Agent' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Parameter' })).not.toBeInTheDocument();
      await r.user.click(screen.getByRole('button', { name: 'Back to Agents' }));
      expect(r.location()).toBe('/agents');
    } finally {
      signOut();
    }
  });

  it("the Tools tab counts the steps' tools too and shows the integrations they use", async () => {
    const api = fakeApi([listItem('CRM Agent', 'Reads the CRM')], { 'CRM Agent': { steps: [{ ...newStep(0), tools: ['Salesforce API'] }] } });
    const r = renderAgents({ route: '/agents/edit/CRM%20Agent', api });
    await screen.findByRole('heading', { level: 1, name: 'Edit CRM Agent' });
    await r.user.click(screen.getByRole('tab', { name: 'Tools & Integrations' }));
    expect(screen.getByText('1 of 25 tools in use: 0 selected here, 1 more by the steps.')).toBeInTheDocument();
    expect(screen.queryByText(/No partner integrations/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Partner integrations' })).getByText('Salesforce')).toBeInTheDocument();
  });

  it('opens an agent with its configuration merged; loaded agents show Active', async () => {
    const api = fakeApi([listItem('Lead Qualifier', 'Scores leads')], {
      'Lead Qualifier': {
        description: 'Scores inbound leads',
        query: 'Qualify {company}',
        params: { company: 'Acme' },
        steps: [newStep(0)],
        flow_type: 'supervisor',
      },
    });
    const r = renderAgents({ route: '/agents/edit/Lead%20Qualifier', api });
    expect(screen.getByText('Loading agent configuration...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Lead Qualifier' })).toBeInTheDocument();
    expect(api.getConfig).toHaveBeenCalledWith('Lead Qualifier');
    expect(screen.getByLabelText('Description')).toHaveValue('Scores inbound leads');
    expect(screen.getByLabelText('Default query')).toHaveValue('Qualify {company}');
    expect(screen.getByLabelText('Status')).toHaveValue('Active');
    expect(screen.getByLabelText('Flow type')).toHaveDisplayValue('Single step execution');
    expect(screen.getByLabelText('Parameter 1 name')).toHaveValue('company');
    await openTab(r, 'Steps');
    expect(screen.getByLabelText('Step name')).toHaveValue('Step 1');
  });

  it('opens with the basic data and says Failed to load agent config: {status} when the config fails', async () => {
    const api = fakeApi([listItem('Helpdesk Bot', 'Answers tickets')]);
    api.getConfig.mockRejectedValue(new Error('Failed to load agent config: 404'));
    const r = renderAgents({ route: '/agents', api });
    await r.user.click(await screen.findByText('Answers tickets'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Helpdesk Bot' })).toBeInTheDocument();
    expect(r.notify.error).toHaveBeenCalledWith('Failed to load agent config: 404');
    expect(screen.getByText('Failed to load agent config: 404')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Name')).toHaveValue('Helpdesk Bot');
    expect(screen.getByLabelText('Description')).toHaveValue('Answers tickets');
  });

  it('prefills a template', async () => {
    const r = renderNew('/agents/new?template=email-writer');
    expect(await screen.findByLabelText('Name')).toHaveValue('Email Writer');
    expect(screen.getByLabelText('Category')).toHaveValue('Sales');
    await openTab(r, 'Steps');
    expect(screen.getByLabelText('Prompt')).toHaveValue('{{query}}\n\nWrite it in a {{tone}} tone. Include a subject line.');
  });

  it('goes back to the list directly when nothing changed', async () => {
    const r = renderNew();
    await r.user.click(await screen.findByRole('button', { name: 'Back to Agents' }));
    expect(r.location()).toBe('/agents');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before discarding unsaved changes', async () => {
    const r = renderNew();
    await r.user.type(await screen.findByLabelText('Name'), 'Draft agent');
    await r.user.click(screen.getByRole('button', { name: 'Back to Agents' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await r.user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Draft agent');
    expect(r.location()).toBe('/agents/new');
    await r.user.click(screen.getByRole('button', { name: 'Back to Agents' }));
    await r.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    expect(r.location()).toBe('/agents');
  });

  it('asks before a sidebar link or the browser back button leaves unsaved changes, and stays on Keep editing', async () => {
    const r = renderAgents({ route: '/agents', api: fakeApi([]) });
    await r.go('/agents/new');
    await r.user.type(await screen.findByLabelText('Name'), 'Draft agent');
    // a sidebar link
    await r.go('/flows');
    await r.user.click(within(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Keep editing' }));
    expect(r.location()).toBe('/agents/new');
    expect(screen.getByLabelText('Name')).toHaveValue('Draft agent');
    // the browser's back button
    await r.go(-1);
    await r.user.click(within(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Keep editing' }));
    expect(r.location()).toBe('/agents/new');
    await r.go('/flows');
    await r.user.click(within(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(r.location()).toBe('/flows');
  });
});

describe('basic info', () => {
  it('picks an avatar from the ten as a radio group', async () => {
    const r = renderNew();
    const group = await screen.findByRole('radiogroup', { name: 'Avatar' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(10);
    await r.user.click(radios[4]!);
    expect(radios[4]).toBeChecked();
    expect(radios[0]).not.toBeChecked();
  });

  it('adds param{n}, removes them and shows No parameters configured. when empty', async () => {
    const r = renderNew();
    expect(await screen.findByText('No parameters configured.')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    await r.user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    expect(screen.getByLabelText('Parameter 1 name')).toHaveValue('param1');
    expect(screen.getByLabelText('Parameter 2 name')).toHaveValue('param2');
    await r.user.type(screen.getByLabelText('Default value of param2'), 'hello');
    await r.user.click(screen.getByRole('button', { name: 'Remove parameter param1' }));
    expect(screen.getByLabelText('Parameter 1 name')).toHaveValue('param2');
    expect(screen.getByLabelText('Default value of param2')).toHaveValue('hello');
    await r.user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    expect(screen.getByLabelText('Parameter 2 name')).toHaveValue('param3');
    await r.user.click(screen.getByRole('button', { name: 'Remove parameter param2' }));
    await r.user.click(screen.getByRole('button', { name: 'Remove parameter param3' }));
    expect(screen.getByText('No parameters configured.')).toBeInTheDocument();
  });

  it('renames on blur or Enter, ignores empty or unchanged names, and says so for a taken one', async () => {
    const r = renderNew();
    await r.user.click(await screen.findByRole('button', { name: 'Add Parameter' }));
    await r.user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    const first = () => screen.getByLabelText('Parameter 1 name');

    await r.user.clear(first());
    await r.user.type(first(), 'company{Enter}');
    expect(first()).toHaveValue('company');
    expect(screen.getByLabelText('Default value of company')).toBeInTheDocument();

    await r.user.clear(first());
    await r.user.type(first(), 'topic');
    fireEvent.blur(first());
    expect(first()).toHaveValue('topic');

    await r.user.clear(first());
    fireEvent.blur(first());
    expect(first()).toHaveValue('topic'); // empty: ignored

    await r.user.clear(first());
    await r.user.type(first(), 'param2{Enter}');
    // taken: the user's text stays, with the reason in words; the parameter keeps its old name meanwhile
    expect(first()).toHaveValue('param2');
    expect(first()).toHaveAccessibleDescription('A parameter named param2 already exists. Choose another name.');
    expect(screen.getByLabelText('Default value of topic')).toBeInTheDocument();
    expect(screen.getByLabelText('Parameter 2 name')).toHaveValue('param2');
    await r.user.clear(first());
    await r.user.type(first(), 'topic{Enter}');
    expect(first()).toHaveValue('topic');
    expect(first()).not.toHaveAccessibleDescription(/already exists/);

    await r.user.click(screen.getByRole('button', { name: 'Save Agent' })); // name missing: refused, nothing sent
    await r.user.type(screen.getByLabelText('Name'), 'Params agent');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.api.save).toHaveBeenCalledTimes(1));
    expect(Object.keys(savedBody(r).params)).toEqual(['topic', 'param2']);
  }, 15_000); // many keystrokes: slow on a loaded machine
});

describe('focus', () => {
  it('starts on the heading when the editor opens, and on the saved agent\'s card when Save closes it', async () => {
    const api = fakeApi([listItem('Helpdesk Bot', 'Answers tickets'), listItem('Lead Qualifier', 'Scores leads')], {
      'Helpdesk Bot': { description: 'Answers tickets' },
    });
    const r = renderAgents({ route: '/agents', api });
    await r.user.click(await screen.findByRole('heading', { level: 3, name: 'Helpdesk Bot' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Edit Helpdesk Bot' });
    expect(heading).toHaveFocus();
    await r.user.type(await screen.findByLabelText('Description'), ' fast');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.location()).toBe('/agents'));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Helpdesk Bot' })).toHaveFocus());
  });
});

describe('chatbot option', () => {
  it('binds Available as a chatbot to chatbot, shown checked when saved so', async () => {
    const api = fakeApi([listItem('Helpdesk Bot', 'Answers tickets')], { 'Helpdesk Bot': { description: 'Answers tickets', chatbot: true } });
    const r = renderAgents({ route: '/agents/edit/Helpdesk%20Bot', api });
    const box = await screen.findByRole('checkbox', { name: 'Available as a chatbot' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/Offered on the Chatbots page/);
    await r.user.click(box);
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(api.save).toHaveBeenCalled());
    expect(savedBody(r).chatbot).toBe(false);
  });

  it('saves a new agent as a chatbot when ticked', async () => {
    const r = renderNew();
    await r.user.type(await screen.findByLabelText('Name'), 'Concierge');
    expect(screen.getByRole('checkbox', { name: 'Available as a chatbot' })).not.toBeChecked();
    await r.user.click(screen.getByRole('checkbox', { name: 'Available as a chatbot' }));
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.api.save).toHaveBeenCalled());
    expect(savedBody(r).chatbot).toBe(true);
  });
});

describe('MCP option', () => {
  const agentApi = () => fakeApi([listItem('Helpdesk Bot', 'Answers tickets')], { 'Helpdesk Bot': { description: 'Answers tickets' } });

  it('is offered to MCP clients by default; an administrator unticks it and the save says mcp: false', async () => {
    const signOut = signInAs('admin');
    try {
      const api = agentApi();
      const r = renderAgents({ route: '/agents/edit/Helpdesk%20Bot', api });
      const box = await screen.findByRole('checkbox', { name: 'Offered to MCP clients' });
      expect(box).toBeChecked();
      await r.user.click(box);
      await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
      await waitFor(() => expect(api.save).toHaveBeenCalled());
      expect(savedBody(r).mcp).toBe(false);
    } finally {
      signOut();
    }
  }, 20_000);

  it('is not shown to builders (the server keeps the choice on their saves)', async () => {
    const signOut = signInAs('builder');
    try {
      renderAgents({ route: '/agents/edit/Helpdesk%20Bot', api: agentApi() });
      await screen.findByRole('checkbox', { name: 'Available as a chatbot' });
      expect(screen.queryByRole('checkbox', { name: 'Offered to MCP clients' })).not.toBeInTheDocument();
    } finally {
      signOut();
    }
  });
});

describe('steps', () => {
  it('adds and removes steps', async () => {
    const r = renderNew();
    await openTab(r, 'Steps');
    await r.user.click(screen.getByRole('button', { name: 'Add Step' }));
    await r.user.click(screen.getByRole('button', { name: 'Add Step' }));
    expect(screen.getAllByLabelText('Step name').map((i) => (i as HTMLInputElement).value)).toEqual(['Step 1', 'Step 2']);
    await r.user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(screen.getAllByLabelText('Step name').map((i) => (i as HTMLInputElement).value)).toEqual(['Step 2']);
    await r.user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(screen.getByText('This agent has no configured steps. It may be a simple single-response agent.')).toBeInTheDocument();
  });

  it('splits the system prompt by line and drops blank lines', async () => {
    const r = renderNew();
    await r.user.type(await screen.findByLabelText('Name'), 'Prompted');
    await openTab(r, 'Steps');
    await r.user.click(screen.getByRole('button', { name: 'Add Step' }));
    const system = screen.getByLabelText('System prompt');
    await r.user.type(system, 'You are helpful.{Enter}{Enter}   {Enter}Be brief.{Enter}');
    // while typing the text keeps its blank lines
    expect(system).toHaveValue('You are helpful.\n\n   \nBe brief.\n');
    fireEvent.blur(system);
    expect(system).toHaveValue('You are helpful.\nBe brief.');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.api.save).toHaveBeenCalled());
    expect(savedBody(r).steps[0]!.system).toEqual(['You are helpful.', 'Be brief.']);
  });

  it('filters models by provider and picks the provider’s first model', async () => {
    const r = renderNew();
    await openTab(r, 'Steps');
    await r.user.click(screen.getByRole('button', { name: 'Add Step' }));
    expect(screen.getByLabelText('Provider')).toHaveValue('openai');
    expect(screen.getByLabelText('Model')).toHaveValue('gpt-4');
    await r.user.selectOptions(screen.getByLabelText('Provider'), 'anthropic');
    expect(screen.getByLabelText('Model')).toHaveValue('claude-3-opus');
    const options = within(screen.getByLabelText('Model'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual([...MODEL_PROVIDERS.anthropic]);
    await r.user.selectOptions(screen.getByLabelText('Model'), 'claude-3.5-sonnet');
    expect(screen.getByLabelText('Model')).toHaveValue('claude-3.5-sonnet');
  });

  it('bounds the model settings with inline messages and refuses to save out-of-bounds values', async () => {
    const r = renderNew();
    await r.user.type(await screen.findByLabelText('Name'), 'Bounded');
    await openTab(r, 'Steps');
    await r.user.click(screen.getByRole('button', { name: 'Add Step' }));
    const temperature = screen.getByLabelText('Temperature');
    expect(temperature).toHaveAttribute('min', '0');
    expect(temperature).toHaveAttribute('max', '2');
    expect(temperature).toHaveAttribute('step', '0.1');
    expect(screen.getByLabelText('Max retries')).toHaveAttribute('max', '10');
    expect(screen.getByLabelText('Timeout (seconds)')).toHaveAttribute('min', '1');
    expect(screen.getByLabelText('Timeout (seconds)')).toHaveAttribute('max', '600');
    expect(screen.getByLabelText('Max tokens')).toHaveAttribute('min', '0');

    const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    set('Temperature', '2.5');
    expect(screen.getByText('Temperature must be between 0 and 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Temperature')).toHaveAttribute('aria-invalid', 'true');
    set('Max retries', '11');
    expect(screen.getByText('Max retries must be between 0 and 10')).toBeInTheDocument();
    set('Timeout (seconds)', '0');
    expect(screen.getByText('Timeout must be between 1 and 600 seconds')).toBeInTheDocument();
    set('Max tokens', '-1');
    expect(screen.getByText('Max tokens must be at least 0')).toBeInTheDocument();

    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    expect(r.api.save).not.toHaveBeenCalled();
    expect(r.notify.error).toHaveBeenCalledWith('Save Failed', 'Temperature must be between 0 and 2');
    expect(screen.getByRole('alert')).toHaveTextContent('Temperature must be between 0 and 2');

    // a value between the arrows' steps is accepted, and the field says so instead of only turning red
    set('Temperature', '0.15');
    expect(screen.getByText('0.15 is kept as typed (the arrows move in steps of 0.1).')).toBeInTheDocument();
    set('Temperature', '1.2');
    expect(screen.queryByText(/kept as typed/)).not.toBeInTheDocument();
    set('Max retries', '0');
    set('Timeout (seconds)', '600');
    set('Max tokens', '0');
    expect(screen.queryByText(/must be/)).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.api.save).toHaveBeenCalled());
    expect(savedBody(r).steps[0]!.model).toMatchObject({ temperature: 1.2, max_retries: 0, timeout: 600, max_tokens: 0 });
  });

  it("offers the MCP servers' tools by server and attaches one to a step by its ref", async () => {
    const ref = 'mcp:6f1c2b9e-0000-4000-8000-000000000001:find_contact';
    const api = Object.assign(fakeApi([]), {
      mcpTools: async () => [
        {
          id: '6f1c2b9e-0000-4000-8000-000000000001',
          name: 'CRM',
          tools: [{ ref, name: 'find_contact', label: 'CRM » Find contact', description: 'Finds a contact' }],
        },
      ],
    });
    const r = renderAgents({ route: '/agents/new', api });
    await r.user.type(await screen.findByLabelText('Name'), 'Finder');
    await openTab(r, 'Tools & Integrations');
    expect(await screen.findByRole('checkbox', { name: 'CRM » Find contact' })).not.toBeChecked();
    await openTab(r, 'Steps');
    await r.user.click(screen.getByRole('button', { name: 'Add Step' }));
    await r.user.selectOptions(screen.getByLabelText('Tool for step 1'), 'CRM » Find contact');
    await r.user.click(screen.getByRole('button', { name: 'Add Tool' }));
    expect(within(screen.getByRole('list', { name: 'Tools of step 1' })).getByText('CRM » Find contact')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.api.save).toHaveBeenCalled());
    expect(savedBody(r).steps[0]!.tools).toEqual([ref]);
  }, 20_000);

  it('enables Add Tool only for a chosen tool not yet on the step', async () => {
    const r = renderNew();
    await openTab(r, 'Steps');
    await r.user.click(screen.getByRole('button', { name: 'Add Step' }));
    const addTool = screen.getByRole('button', { name: 'Add Tool' });
    expect(addTool).toBeDisabled();
    await r.user.selectOptions(screen.getByLabelText('Tool for step 1'), 'Google Search');
    expect(addTool).toBeEnabled();
    await r.user.click(addTool);
    const chips = screen.getByRole('list', { name: 'Tools of step 1' });
    expect(within(chips).getByText('Google Search')).toBeInTheDocument();
    expect(addTool).toBeDisabled(); // selection cleared
    await r.user.selectOptions(screen.getByLabelText('Tool for step 1'), 'Google Search');
    expect(addTool).toBeDisabled(); // already on the step
    await r.user.selectOptions(screen.getByLabelText('Tool for step 1'), 'SendGrid');
    expect(addTool).toBeEnabled();
    await r.user.click(screen.getByRole('button', { name: 'Remove tool Google Search' }));
    expect(screen.queryByRole('list', { name: 'Tools of step 1' })).not.toBeInTheDocument();
  });
});

describe('tools and advanced settings', () => {
  it('lists the 25 catalogue tools and shows the partner icons they imply', async () => {
    const r = renderNew();
    await openTab(r, 'Tools & Integrations');
    expect(screen.getAllByRole('checkbox')).toHaveLength(25);
    await r.user.click(screen.getByRole('checkbox', { name: 'Salesforce API' }));
    await r.user.click(screen.getByRole('checkbox', { name: 'Send Direct Message' }));
    const integrations = screen.getByRole('list', { name: 'Partner integrations' });
    expect(within(integrations).getByRole('img', { name: 'Salesforce' })).toBeInTheDocument();
    expect(within(integrations).getByRole('img', { name: 'Slack' })).toHaveTextContent('💬');
  });

  it('has the advanced defaults: 60 per minute, session memory, apologize, All Users only', async () => {
    const r = renderNew();
    await openTab(r, 'Advanced Settings');
    expect(screen.getByLabelText('Rate limit (requests per minute)')).toHaveValue(60);
    expect(screen.getByLabelText('Memory')).toHaveValue('session');
    expect(screen.getByLabelText('Fallback')).toHaveDisplayValue('Apologize and ask for clarification');
    expect(screen.getByRole('checkbox', { name: 'All Users' })).toBeChecked();
    for (const name of ['Sales Team Only', 'Marketing Team Only', 'Admin Only']) expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
  });
});

describe('save', () => {
  it('saves, shows Agent Saved!, reloads the list and closes the editor', async () => {
    const api = fakeApi([]);
    const saving = deferred<unknown>();
    api.save.mockImplementation(() => saving.promise);
    const r = renderAgents({ route: '/agents/new', api });
    await r.user.type(await screen.findByLabelText('Name'), '  Lead Scout ');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    const busy = screen.getByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(savedBody(r)).toMatchObject({
      name: 'Lead Scout',
      file_name: 'Lead Scout',
      flow_type: 'dynamic',
      status: 'Draft',
      trace: false,
      namespace: 'default',
      inputs: [],
    });
    api.list.mockResolvedValue([listItem('Lead Scout')]);
    await act(async () => saving.resolve({ status: 'success' }));
    expect(r.notify.success).toHaveBeenCalledWith('Agent Saved!', 'Your agent has been successfully saved and updated.');
    expect(r.location()).toBe('/agents');
    expect(await screen.findByRole('heading', { level: 3, name: 'Lead Scout' })).toBeInTheDocument();
    // once to check the name is free (the list was not loaded yet), once by the dashboard
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('shows Save Failed with Unable to save agent: {message} and keeps the input', async () => {
    const api = fakeApi([]);
    api.save.mockRejectedValue(new Error('HTTP 409: An agent with this name already exists'));
    const r = renderAgents({ route: '/agents/new', api });
    await r.user.type(await screen.findByLabelText('Name'), 'Taken');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() =>
      expect(r.notify.error).toHaveBeenCalledWith('Save Failed', 'Unable to save agent: HTTP 409: An agent with this name already exists'),
    );
    expect(r.location()).toBe('/agents/new');
    expect(screen.getByLabelText('Name')).toHaveValue('Taken');
    expect(screen.getByRole('button', { name: 'Save Agent' })).toBeEnabled();
  });

  it('falls back to Failed to save agent when the error has no message', async () => {
    const api = fakeApi([]);
    api.save.mockRejectedValue({});
    const r = renderAgents({ route: '/agents/new', api });
    await r.user.type(await screen.findByLabelText('Name'), 'X');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Save Failed', 'Unable to save agent: Failed to save agent'));
  });

  it('refuses an invalid body with the schema message, without sending', async () => {
    const r = renderNew();
    await r.user.click(await screen.findByRole('button', { name: 'Save Agent' }));
    expect(r.api.save).not.toHaveBeenCalled();
    expect(r.notify.error).toHaveBeenCalledWith('Save Failed', 'Agent name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Agent name is required');
  });

  it('deletes the old name after a rename is saved', async () => {
    const api = fakeApi([listItem('Old Name', 'd')], { 'Old Name': { description: 'd' } });
    const r = renderAgents({ route: '/agents/edit/Old%20Name', api });
    const name = await screen.findByLabelText('Name');
    await r.user.clear(name);
    await r.user.type(name, 'New Name');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('Old Name'));
    expect(savedBody(r)).toMatchObject({ name: 'New Name', file_name: 'New Name' });
    expect(api.save.mock.invocationCallOrder[0]!).toBeLessThan(api.remove.mock.invocationCallOrder[0]!);
  });

  it('saving a local copy creates it on the server and drops the local copy', async () => {
    const api = fakeApi([listItem('Helpdesk Bot', 'Answers tickets')], { 'Helpdesk Bot': { description: 'Answers tickets' } });
    const r = renderAgents({ api });
    await r.user.click(await screen.findByRole('button', { name: 'Actions for Helpdesk Bot' }));
    await r.user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    const copy = await screen.findByRole('article', { name: 'Helpdesk Bot (Copy)' });
    await r.user.click(within(copy).getByText('Answers tickets'));
    api.list.mockResolvedValue([listItem('Helpdesk Bot', 'Answers tickets'), listItem('Helpdesk Bot (Copy)', 'Answers tickets')]);
    await r.user.click(await screen.findByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.location()).toBe('/agents'));
    expect(savedBody(r)).toMatchObject({ name: 'Helpdesk Bot (Copy)', file_name: 'Helpdesk Bot (Copy)', description: 'Answers tickets' });
    expect(api.remove).not.toHaveBeenCalled();
    const saved = await screen.findByRole('article', { name: 'Helpdesk Bot (Copy)' });
    expect(within(saved).queryByText('Unsaved copy')).not.toBeInTheDocument();
  });
});

describe('name clashes', () => {
  it('refuses to save a new agent over an existing one', async () => {
    const api = fakeApi([listItem('Lead Qualifier', 'x')]);
    const r = renderAgents({ route: '/agents/new', api });
    await r.user.type(await screen.findByLabelText('Name'), 'Lead Qualifier');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    const message = 'Unable to save agent: An agent named "Lead Qualifier" already exists. Choose another name.';
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Save Failed', message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.save).not.toHaveBeenCalled();
  });

  it('refuses a rename onto an existing name, but saves an unchanged name', async () => {
    const api = fakeApi([listItem('Alpha', 'a'), listItem('Beta', 'b')], { Alpha: { description: 'a' } });
    const r = renderAgents({ api });
    await r.user.click(await screen.findByText('a'));
    const name = await screen.findByLabelText('Name');
    await r.user.clear(name);
    await r.user.type(name, 'Beta');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalled());
    expect(api.save).not.toHaveBeenCalled();
    await r.user.clear(name);
    await r.user.type(name, 'Alpha');
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('limits the knowledge base search to the collections ticked in the Tools tab, and saves them', async () => {
    const api = Object.assign(
      fakeApi([listItem('Helper', 'Answers')], { Helper: { steps: [{ ...newStep(0), tools: ['internal knowledge base search'] }] } }),
      {
        knowledgeCollections: async () => [
          { id: '11111111-1111-4111-8111-111111111111', name: 'Product facts' },
          { id: '22222222-2222-4222-8222-222222222222', name: 'Board minutes' },
        ],
      },
    );
    const r = renderAgents({ route: '/agents/edit/Helper', api });
    await screen.findByRole('heading', { level: 1, name: 'Edit Helper' });
    await r.user.click(screen.getByRole('tab', { name: 'Tools & Integrations' }));
    const picker = await screen.findByRole('group', { name: 'Knowledge collections' });
    expect(within(picker).getByText(/reads all of the library’s collections/)).toBeInTheDocument();
    await r.user.click(within(picker).getByRole('checkbox', { name: 'Product facts' }));
    expect(within(picker).getByText(/^Knowledge base search reads only the collection ticked here\./)).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Save Agent' }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(savedBody(r).knowledgeCollections).toEqual(['11111111-1111-4111-8111-111111111111']);
  });

  it('links the Knowledge it names to the Knowledge screen, with collections and without', async () => {
    const agent = { Helper: { steps: [{ ...newStep(0), tools: ['internal knowledge base search'] }] } };
    const none = renderAgents({ route: '/agents/edit/Helper', api: Object.assign(fakeApi([listItem('Helper', 'Answers')], agent), { knowledgeCollections: async () => [] }) });
    await none.user.click(await screen.findByRole('tab', { name: 'Tools & Integrations' }));
    const empty = await screen.findByRole('group', { name: 'Knowledge collections' });
    expect(await within(empty).findByText(/No knowledge collections yet/)).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Knowledge' })).toHaveAttribute('href', '/knowledge');
    none.unmount();

    const some = renderAgents({
      route: '/agents/edit/Helper',
      api: Object.assign(fakeApi([listItem('Helper', 'Answers')], agent), { knowledgeCollections: async () => [{ id: '11111111-1111-4111-8111-111111111111', name: 'Product facts' }] }),
    });
    await some.user.click(await screen.findByRole('tab', { name: 'Tools & Integrations' }));
    const picker = await screen.findByRole('group', { name: 'Knowledge collections' });
    await within(picker).findByRole('checkbox', { name: 'Product facts' });
    await some.user.click(within(picker).getByRole('link', { name: 'Knowledge' }));
    expect(some.location()).toBe('/knowledge');
  });
});
