import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { AgentConfig, AgentListItem, ThreadTurn } from '@accent/agents-common';
import { runHttpError } from '@accent/agents-common/client';
import { fakeApi, listItem, memoryStorage, renderAgents, scriptedRun, signInAs } from '../testing/renderAgents.js';
import type { AgentsData } from '../state/AgentsDataContext.js';
import { threadKey } from './threads.js';

const chatbot = (name: string, description: string): AgentListItem => ({ ...listItem(name, description), chatbot: true });

function setup(route = '/chatbots', storage = memoryStorage()) {
  const api = fakeApi(
    [
      chatbot('Helpdesk Bot', 'Answers support questions'),
      listItem('Lead Qualifier', 'Scores leads'),
      chatbot('Onboarding Guide', 'Helps new customers'),
    ],
    {
      'Helpdesk Bot': { max_history_items: 6 },
      'Onboarding Guide': {},
    },
  );
  const script = scriptedRun();
  api.invoke = script.invoke;
  return { ...renderAgents({ route, api, threadStorage: storage }), script, storage };
}

const message = () => screen.getByLabelText('Message');

let signOut: () => void = () => {};
afterEach(() => act(() => signOut()));

describe('/chatbots list', () => {
  it('shows the agents marked as chatbots as cards, each opening its chat', async () => {
    const r = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Chatbots' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Chatbots' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((c) => c.textContent)).toEqual([expect.stringContaining('Helpdesk Bot'), expect.stringContaining('Onboarding Guide')]);
    expect(within(list).queryByText('Lead Qualifier')).not.toBeInTheDocument();
    await r.user.click(within(list).getByRole('link', { name: /Helpdesk Bot/ }));
    expect(r.location()).toBe('/chatbots?agent=Helpdesk%20Bot');
    expect(await screen.findByRole('heading', { level: 1, name: 'Helpdesk Bot' })).toBeInTheDocument();
  });

  it('says No chatbots yet, with a hint for builders', async () => {
    renderAgents({ route: '/chatbots', api: fakeApi([listItem('Lead Qualifier')]) });
    expect(await screen.findByText('No chatbots yet')).toBeInTheDocument();
    expect(screen.getByText('Mark an agent as a chatbot in its Basic Info tab.')).toBeInTheDocument();
  });

  it('gives members no builder hint', async () => {
    signOut = signInAs('member');
    renderAgents({ route: '/chatbots', api: fakeApi([]) });
    expect(await screen.findByText('No chatbots yet')).toBeInTheDocument();
    expect(screen.queryByText('Mark an agent as a chatbot in its Basic Info tab.')).not.toBeInTheDocument();
    expect(screen.getByText('When a builder makes an agent available as a chatbot, it appears here.')).toBeInTheDocument();
  });

  it('refuses a chat with an agent that is not a chatbot', async () => {
    setup('/chatbots?agent=Lead%20Qualifier');
    expect(await screen.findByText('This agent is not available as a chatbot')).toBeInTheDocument();
  });

  it('shows Failed to load agents with Retry', async () => {
    const api = fakeApi([chatbot('Helpdesk Bot', 'x')]);
    api.list.mockRejectedValueOnce(new Error('HTTP 503: Service Unavailable'));
    const r = renderAgents({ route: '/chatbots', api });
    expect(await screen.findByText('Failed to load agents: HTTP 503: Service Unavailable')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Helpdesk Bot/ })).toBeInTheDocument();
  });
});

describe('a chat', () => {
  it('sends with Enter (Shift+Enter is a new line), keeps one thread with history on, and streams the answer', async () => {
    const r = setup('/chatbots?agent=Helpdesk%20Bot');
    await screen.findByLabelText('Message');
    expect(screen.getByText('This is AI generated. Always verify the content.')).toBeInTheDocument();
    expect(message()).toHaveFocus();

    await r.user.type(message(), 'Hello{Shift>}{Enter}{/Shift}there');
    expect(message()).toHaveValue('Hello\nthere');
    expect(r.script.calls).toHaveLength(0);
    await r.user.keyboard('{Enter}');
    expect(message()).toHaveValue('');
    expect(r.script.last().body).toEqual({
      name: 'Helpdesk Bot',
      query: 'Hello\nthere',
      params: {},
      thread_id: 'thread-1',
      namespace: 'default',
      trace: false,
      use_history: true,
      save_history: true,
      max_history_items: 6,
      file_name: 'Helpdesk Bot',
      source: 'chatbot',
    });
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(within(log).getByText(/Hello\s+there/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    act(() => r.script.last().emit({ type: 'delta', text: 'Hi! How can ' }));
    expect(within(log).getByTestId('streaming-answer')).toHaveTextContent('Hi! How can');
    await act(async () => r.script.last().finish('Hi! How can I help?'));
    expect(within(log).queryByTestId('streaming-answer')).not.toBeInTheDocument();
    expect(within(log).getByText('Hi! How can I help?')).toBeInTheDocument();

    await r.user.type(message(), 'Reset my password');
    await r.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(r.script.last().body).toMatchObject({ thread_id: 'thread-1', query: 'Reset my password', use_history: true, save_history: true });
    await act(async () => r.script.last().finish('Use the Forgot password link.'));
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'You said:Hello\nthere',
      'Helpdesk Bot said:Hi! How can I help?',
      'You said:Reset my password',
      'Helpdesk Bot said:Use the Forgot password link.',
    ]);
    expect(JSON.parse(r.storage.data.get(threadKey('Helpdesk Bot'))!)).toMatchObject({ threadId: 'thread-1', turns: 2 });
  });

  /** A conversation of two turns (the second using the knowledge base), then a reload of the tab: a new page, the same tab storage. */
  async function chatThenReload(config: Partial<AgentConfig>, serverThread?: ThreadTurn[] | Error) {
    const storage = memoryStorage();
    const first = setup('/chatbots?agent=Helpdesk%20Bot', storage);
    await first.user.type(await screen.findByLabelText('Message'), 'Hello{Enter}');
    await act(async () => first.script.last().finish('Hi!'));
    await first.user.type(message(), 'What is the refund policy?{Enter}');
    act(() => first.script.last().emit({ type: 'tool', name: 'internal knowledge base search', status: 'started' }));
    act(() =>
      first.script
        .last()
        .emit({ type: 'tool', name: 'internal knowledge base search', status: 'succeeded', summary: 'Searched knowledge base · 3 results' }),
    );
    await act(async () => first.script.last().finish('Refunds within 30 days.'));
    // the tool call stays in the thread, inline above its answer
    const toolUse = within(screen.getByRole('log', { name: 'Conversation' })).getByRole('list', { name: 'Tool use' });
    expect(toolUse).toHaveTextContent('Searched knowledge base · 3 results');
    cleanup();

    const script = scriptedRun();
    const api = fakeApi([chatbot('Helpdesk Bot', 'x')], { 'Helpdesk Bot': { max_history_items: 6, ...config } });
    api.invoke = script.invoke;
    const thread = jest.fn<NonNullable<AgentsData['thread']>>(async () => {
      if (serverThread instanceof Error) throw serverThread;
      return serverThread ?? [];
    });
    api.thread = thread;
    const r = renderAgents({ route: '/chatbots?agent=Helpdesk%20Bot', api, threadStorage: storage, store: createStore() });
    await screen.findByLabelText('Message');
    return { r, script, thread, log: () => screen.getByRole('log', { name: 'Conversation' }) };
  }

  const shownMessages = (log: HTMLElement) =>
    within(log)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === log)
      .map((li) => li.textContent);

  it('after a reload shows the thread from the server (history on), with its tool use inline, and goes on with it', async () => {
    const turns: ThreadTurn[] = [
      { run_id: 'r1', query: 'Hello', status: 'succeeded', output: 'Hi!', error: null, started_at: '2026-01-01T10:00:00Z', tools: [] },
      {
        run_id: 'r2',
        query: 'What is the refund policy?',
        status: 'succeeded',
        output: 'Refunds within 30 days.',
        error: null,
        started_at: '2026-01-01T10:01:00Z',
        tools: [{ tool: 'internal knowledge base search', failed: false, summary: 'Searched knowledge base · 3 results' }],
      },
    ];
    const { r, script, thread, log } = await chatThenReload(
      { settings: { memory: 'session', rate_limit: 60, fallback: 'apologize', access: ['all_users'] } },
      turns,
    );
    expect(await within(log()).findByText('Refunds within 30 days.')).toBeInTheDocument();
    expect(thread).toHaveBeenCalledWith('Helpdesk Bot', 'thread-1');
    expect(shownMessages(log())).toEqual([
      'You said:Hello',
      'Helpdesk Bot said:Hi!',
      'You said:What is the refund policy?',
      expect.stringMatching(/^Helpdesk Bot said:✓ Searched knowledge base · 3 resultsRefunds within 30 days\.$/),
    ]);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await r.user.type(message(), 'And now?{Enter}');
    expect(script.last().body).toMatchObject({ thread_id: 'thread-1', use_history: true, save_history: true });
    expect(r.threadIds).toEqual([]); // no new thread was made
  });

  it('with history off (memory none) shows the thread kept in the tab, without asking the server', async () => {
    const { thread, log } = await chatThenReload({ settings: { memory: 'none', rate_limit: 60, fallback: 'apologize', access: ['all_users'] } });
    expect(await within(log()).findByText('Refunds within 30 days.')).toBeInTheDocument();
    expect(within(log()).getByRole('list', { name: 'Tool use' })).toHaveTextContent('Searched knowledge base · 3 results');
    expect(within(log()).getByText('Hi!')).toBeInTheDocument();
    expect(thread).not.toHaveBeenCalled();
  });

  it('when the server cannot give the thread, shows the copy kept in the tab', async () => {
    const { thread, log } = await chatThenReload({}, new Error('HTTP 503: Service Unavailable'));
    expect(await within(log()).findByText('Refunds within 30 days.')).toBeInTheDocument();
    expect(thread).toHaveBeenCalled();
  });

  it('New conversation starts a new thread and clears the messages', async () => {
    const r = setup('/chatbots?agent=Helpdesk%20Bot');
    await r.user.type(await screen.findByLabelText('Message'), 'Hello{Enter}');
    await act(async () => r.script.last().finish('Hi!'));
    await r.user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryByText('Hi!')).not.toBeInTheDocument();
    expect(message()).toHaveFocus();
    await r.user.type(message(), 'Fresh start{Enter}');
    expect(r.script.last().body.thread_id).toBe('thread-2');
    expect(JSON.parse(r.storage.data.get(threadKey('Helpdesk Bot'))!)).toMatchObject({ threadId: 'thread-2' });
  });

  it('keeps each chatbot’s own thread', async () => {
    const r = setup('/chatbots?agent=Helpdesk%20Bot');
    await r.user.type(await screen.findByLabelText('Message'), 'A{Enter}');
    await act(async () => r.script.last().finish('a'));
    await r.user.click(screen.getByRole('link', { name: /All chatbots/ }));
    await r.user.click(await screen.findByRole('link', { name: /Onboarding Guide/ }));
    await r.user.type(await screen.findByLabelText('Message'), 'B{Enter}');
    expect(r.script.last().body).toMatchObject({ name: 'Onboarding Guide', thread_id: 'thread-2', max_history_items: 10 });
    await act(async () => r.script.last().finish('b'));
    await r.user.click(screen.getByRole('link', { name: /All chatbots/ }));
    await r.user.click(await screen.findByRole('link', { name: /Helpdesk Bot/ }));
    // the earlier messages of this page visit are still there
    expect(await screen.findByText('a')).toBeInTheDocument();
    await r.user.type(screen.getByLabelText('Message'), 'C{Enter}');
    expect(r.script.last().body).toMatchObject({ name: 'Helpdesk Bot', thread_id: 'thread-1' });
  });

  it('shows an error answer with the spec message and the server detail; Stop keeps the partial answer', async () => {
    const r = setup('/chatbots?agent=Helpdesk%20Bot');
    await r.user.type(await screen.findByLabelText('Message'), 'Hello{Enter}');
    await act(async () => r.script.last().fail(runHttpError(424, 'Failed Dependency', 'No API key for OpenAI.')));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('HTTP 424: Failed Dependency');
    expect(alert).toHaveTextContent('No API key for OpenAI.');

    await r.user.type(message(), 'Again{Enter}');
    act(() => r.script.last().emit({ type: 'delta', text: 'Partial' }));
    await r.user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(r.script.last().signal?.aborted).toBe(true);
    expect(await screen.findByText('Stopped.')).toBeInTheDocument();
    expect(screen.getByText(/^Partial/)).toBeInTheDocument();
  });
});
