import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AI_NOTICE, PAGE_LANGUAGES } from '@accent/pages-common';
import { BLOCK_PALETTE } from './pages-canvas.js';
import { component, fakeApi, pageRow, renderPages } from '../testing/renderPages.js';
import { CANVAS_ERROR_TEXT } from './CanvasErrorBoundary.js';

const canvasCards = () => screen.queryAllByTestId('canvas-component');
const header = component('h1', 'header', { title: 'Acme assistant', persona: 'Helps Acme', backgroundColor: '#112233' });
const crm = component(
  'c1',
  'crmData',
  { domain: 'acme.com', customerName: 'Acme', opportunityName: 'Renewal', language: 'English' },
  'full-width',
  1,
);
const actions = component('a1', 'actionButtons', { buttons: ['What does Acme do?', 'Who decides?'] }, 'left-column', 0);
const response = component('r1', 'responseArea', { title: 'Answers', backgroundColor: '#ffffff' }, 'right-column', 0);
const chat = component('f1', 'freeformChat', { placeholder: 'Ask me', backgroundColor: '#ffffff' }, 'left-column', 1);

describe('page builder', () => {
  it('shows the header, the Blocks palette with 5 items and the 2 templates', async () => {
    const { user } = renderPages({ route: '/pages/builder' });
    // the focus starts on the builder's heading, not on <body>
    expect(screen.getByRole('heading', { level: 1, name: 'AI Page Builder' })).toHaveFocus();
    expect(screen.getByText('Drag. Drop. Deploy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Build' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Deploy' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Blocks' })).toHaveAttribute('aria-selected', 'true');
    for (const item of BLOCK_PALETTE) expect(screen.getByTestId(`palette-${item.id}`)).toHaveTextContent(item.title);
    expect(screen.getByRole('region', { name: 'Canvas' })).toBeInTheDocument();
    for (const zone of ['Full width zone', 'Left column zone', 'Right column zone'])
      expect(screen.getByRole('region', { name: zone })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Templates' }));
    const templates = within(screen.getByRole('list', { name: 'Templates' })).getAllByRole('listitem');
    expect(templates).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Lead Qualifier' })).toBeInTheDocument());
  });

  it('loads a template in place of the canvas (asking first when the canvas has blocks)', async () => {
    const { user } = renderPages({ route: '/pages/builder' });
    await user.click(screen.getByRole('tab', { name: 'Templates' }));
    await user.click(screen.getByRole('button', { name: 'Use template Logistics Dashboard' }));
    expect(canvasCards().map((c) => c.dataset.type)).toEqual(['header', 'crmData', 'actionButtons', 'freeformChat', 'responseArea']);
    expect(screen.getByLabelText(/Page name/)).toHaveValue('Logistics Dashboard');
    await user.click(screen.getByRole('button', { name: 'Use template Manufacturing Intelligence' }));
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(canvasCards().map((c) => c.dataset.type)).toEqual(['header', 'crmData', 'actionButtons', 'responseArea']);
  });

  it('edits props: free text, the four languages, the action-button list; Save keeps a copy and closes', async () => {
    const api = fakeApi([pageRow('p1', { components: [header, crm, actions] })]);
    const { user } = renderPages({ route: '/pages/builder/p1', api });
    await screen.findByRole('button', { name: 'Edit Header' });

    await user.click(screen.getByRole('button', { name: 'Edit Header' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Header' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'New headline');
    expect(within(dialog).getByLabelText('Background colour')).toHaveAttribute('type', 'color');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New headline' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit CRM Data' }));
    const language = within(screen.getByRole('dialog')).getByLabelText('Language');
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...PAGE_LANGUAGES]);
    await user.selectOptions(language, 'French');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(screen.getByText('French')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Action Buttons' }));
    const editor = screen.getByRole('dialog');
    await user.click(within(editor).getByRole('button', { name: 'Add Action Button' }));
    expect(within(editor).getByLabelText('Action button 3')).toHaveValue('New Action Button');
    await user.click(within(editor).getByRole('button', { name: 'Remove action button 1' }));
    // a blank button is refused at its field instead of becoming an empty pill
    await user.click(within(editor).getByRole('button', { name: 'Add Action Button' }));
    await user.clear(within(editor).getByLabelText('Action button 3'));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(within(editor).getByText('Write the question this button asks, or remove the button')).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Remove action button 3' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('What does Acme do?')).not.toBeInTheDocument();
    expect(screen.getByText('New Action Button')).toBeInTheDocument();

    // Cancel drops the edits
    await user.click(screen.getByRole('button', { name: 'Edit Header' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Persona'), ' (draft)');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Helps Acme (draft)')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.savePage).toHaveBeenCalled());
    const [draft, id] = api.savePage.mock.calls[0]!;
    expect(id).toBe('p1');
    expect(draft.components.map((c) => c.props)).toEqual([
      { title: 'New headline', persona: 'Helps Acme', backgroundColor: '#112233' },
      { domain: 'acme.com', customerName: 'Acme', opportunityName: 'Renewal', language: 'French' },
      { buttons: ['Who decides?', 'New Action Button'] },
    ]);
  });

  it('deletes a component by id', async () => {
    const { user } = renderPages({ route: '/pages/builder/p1', api: fakeApi([pageRow('p1', { components: [header, crm] })]) });
    await user.click(await screen.findByRole('button', { name: 'Delete Header' }));
    expect(canvasCards().map((c) => c.dataset.id)).toEqual(['c1']);
  });

  it('shows "Unknown block type" for a component of an unrecognised type', async () => {
    const { user } = renderPages({
      route: '/pages/builder/p1',
      api: fakeApi([pageRow('p1', { components: [component('v1', 'video', { src: 'x' })] })]),
    });
    const card = await screen.findByTestId('canvas-component');
    expect(within(card).getByText('Unknown block type')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit video' }));
    expect(within(screen.getByRole('dialog')).getByText('Unknown block type')).toBeInTheDocument();
  });

  it('replaces a failing canvas with the fallback screen; Reload Page clears the error and reloads', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { ...header, props: null } as never;
    const r = renderPages({ route: '/pages/builder/p1', api: fakeApi([pageRow('p1', { components: [broken] })]) });
    expect(await screen.findByText(CANVAS_ERROR_TEXT)).toBeInTheDocument();
    expect(r.logError).toHaveBeenCalled();
    await r.user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(r.reload).toHaveBeenCalledTimes(1);
    (console.error as jest.Mock).mockRestore?.();
  });

  it('saves the draft of a stored page when the page goes, and asks to confirm leaving while unsaved', async () => {
    const api = fakeApi([pageRow('p1', { components: [header, crm] })]);
    const { user } = renderPages({ route: '/pages/builder/p1', api });
    const beforeUnload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await user.click(await screen.findByRole('button', { name: 'Delete Header' }));
    expect(beforeUnload()).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    expect(api.savePage).toHaveBeenCalledTimes(1);
    const [draft, id] = api.savePage.mock.calls[0]!;
    expect(id).toBe('p1');
    expect(draft.components.map((c) => c.id)).toEqual(['c1']);
    await screen.findByText('All changes saved');
    expect(beforeUnload()).toBe(false);
  });

  it('never creates a page when a new, unsaved one is left; it only asks to confirm', async () => {
    const r = renderPages({ route: '/pages/builder' });
    await r.user.type(screen.getByLabelText(/Page name/), ' more');
    window.dispatchEvent(new Event('pagehide'));
    expect(r.api.savePage).not.toHaveBeenCalled();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('asks before Back, a sidebar link or the browser back button leaves unsaved changes; Keep editing stays', async () => {
    const r = renderPages({ route: '/pages' });
    await r.go('/pages/builder');
    await r.user.type(await screen.findByLabelText(/Page name/), ' more');
    const answer = async (choice: 'Keep editing' | 'Discard changes') =>
      r.user.click(within(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: choice }));
    await r.user.click(screen.getByRole('button', { name: 'Back to Pages' }));
    await answer('Keep editing');
    await r.go('/agents');
    await answer('Keep editing');
    await r.go(-1);
    await answer('Keep editing');
    expect(r.location()).toBe('/pages/builder');
    await r.go('/agents');
    await answer('Discard changes');
    expect(r.location()).toBe('/agents');
  });

  it('a member sees a stored page as visitors do, with nothing to change or save', async () => {
    const api = fakeApi([pageRow('p1', { name: 'Acme page', agent_name: 'Lead Qualifier', components: [header, crm] })]);
    renderPages({ route: '/pages/builder/p1', api, role: 'member' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme page' })).toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    for (const b of ['Save', 'Deploy', 'Build']) expect(screen.queryByRole('button', { name: b })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Page name/)).not.toBeInTheDocument();
    expect(screen.getByText('Acme assistant')).toBeInTheDocument();
    window.dispatchEvent(new Event('pagehide'));
    expect(api.savePage).not.toHaveBeenCalled();
  });

  it('a member opening the builder for a new page is told why nothing can be made', async () => {
    const r = renderPages({ route: '/pages/builder', role: 'member' });
    expect(await screen.findByText('Your role does not allow creating pages.')).toBeInTheDocument();
    expect(r.api.savePage).not.toHaveBeenCalled();
  });

  it('a save refused by row-level security says so in words, not as raw database text', async () => {
    const api = fakeApi([pageRow('p1', { components: [header] })]);
    api.savePage.mockRejectedValueOnce(
      new Error('database error: new row violates row-level security policy for table "pages"', { cause: { code: '42501' } }),
    );
    const r = renderPages({ route: '/pages/builder/p1', api });
    await r.user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(r.notify.error).toHaveBeenCalledWith('Save failed', 'Your role does not allow saving pages.'));
  });

  it('saves a new page and moves to its address', async () => {
    const r = renderPages({ route: '/pages/builder' });
    const name = screen.getByLabelText(/Page name/);
    await r.user.clear(name);
    await r.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Page name is required')).toBeInTheDocument();
    expect(r.api.savePage).not.toHaveBeenCalled();
    await r.user.type(name, 'Acme page');
    await r.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(r.location()).toBe('/pages/builder/new-1'));
    expect(r.api.savePage.mock.calls[0]![0]).toMatchObject({ name: 'Acme page', components: [] });
    expect(screen.getByLabelText(/Page name/)).toHaveValue('Acme page');
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('marks agents that cannot run now in their option text, and says so under the picker when one is chosen', async () => {
    const api = fakeApi();
    api.listAgents.mockResolvedValue([
      { name: 'Lead Qualifier' },
      { name: 'Support Assistant', missingProviders: ['anthropic'] },
      { name: 'Local Helper', missingProviders: ['openai', 'local'] },
    ] as never);
    const r = renderPages({ route: '/pages/builder', api });
    expect(await screen.findByRole('option', { name: 'Support Assistant (no API key for Anthropic)' })).toHaveValue('Support Assistant');
    expect(screen.getByRole('option', { name: 'Local Helper (no API key for OpenAI; no base URL for the local model server)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Lead Qualifier' })).toBeInTheDocument();
    await r.user.selectOptions(screen.getByLabelText(/Agent/), 'Support Assistant');
    expect(screen.getByLabelText(/Agent/)).toHaveAccessibleDescription('Support Assistant cannot run now: no API key for Anthropic.');
  });

  it('deploys: needs an agent, saves, publishes and shows the deployment screen', async () => {
    const r = renderPages({ route: '/pages/builder' });
    await screen.findByRole('option', { name: 'Lead Qualifier' });
    await r.user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(screen.getByText('Choose the agent this page talks to before deploying.')).toBeInTheDocument();
    await r.user.selectOptions(screen.getByLabelText(/Agent/), 'Lead Qualifier');
    await r.user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(screen.getByRole('heading', { name: 'Deploying Your AI Interface' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deploying...' })).toBeDisabled();
    await waitFor(() => expect(r.api.publishPage).toHaveBeenCalledWith('new-1'));
    expect(r.api.savePage.mock.calls[0]![0]).toMatchObject({ agent_name: 'Lead Qualifier' });
  });

  it('says what is true: a new untouched page has nothing unsaved; Deploying... ends with the success screen; a published page is not called a draft', async () => {
    const r = renderPages({ route: '/pages/builder' });
    await screen.findByRole('option', { name: 'Lead Qualifier' });
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Personalized links' })).not.toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await r.user.selectOptions(screen.getByLabelText(/Agent/), 'Lead Qualifier');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    jest.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Deploy' }));
      expect(screen.getByRole('button', { name: 'Deploying...' })).toBeDisabled();
      await act(async () => void jest.advanceTimersByTime(8000));
      expect(screen.getByRole('heading', { name: 'Deployment Successful!' })).toBeInTheDocument();
      // the deployment is over: the header no longer says it is deploying
      expect(screen.queryByRole('button', { name: 'Deploying...' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Deploy' })).toBeDisabled();
      fireEvent.click(screen.getByRole('button', { name: 'Build Another' }));
      await act(async () => void jest.advanceTimersByTime(0));
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByText('Published: visitors see this version.')).toBeInTheDocument();
    expect(screen.queryByText('Saved as a draft; Deploy publishes it.')).not.toBeInTheDocument();
    // a published page's personalised links are one click away
    expect(screen.getByRole('link', { name: 'Personalized links' })).toHaveAttribute('href', expect.stringMatching(/^\/content\/personalize\/./));
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    // a change saved after publishing is a draft again, and the note says so
    await r.user.clear(screen.getByLabelText(/Page name/));
    await r.user.type(screen.getByLabelText(/Page name/), 'Renamed');
    await r.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Published; your saved changes are a draft until you deploy them.')).toBeInTheDocument();
  });

  it('previews the page with a working assistant; CLEAR HISTORY starts a new thread', async () => {
    const r = renderPages({ route: '/pages/builder/p1', api: fakeApi([pageRow('p1', { components: [header, crm, actions, response, chat] })]) });
    await screen.findByRole('button', { name: 'Edit Header' });
    await r.user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.queryByRole('tab', { name: 'Blocks' })).not.toBeInTheDocument();
    expect(screen.getByText(AI_NOTICE)).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'What does Acme do?' }));
    expect(await screen.findByText('Answer to What does Acme do?')).toBeInTheDocument();
    const [body] = r.invoke.mock.calls[0]!;
    expect(body).toMatchObject({
      name: 'Lead Qualifier',
      query: 'What does Acme do?',
      params: { domain: 'acme.com', customerName: 'Acme', opportunityName: 'Renewal', language: 'English' },
      use_history: true,
    });
    const firstThread = body.thread_id;

    await r.user.type(screen.getByPlaceholderText('Ask me'), 'And their budget?');
    await r.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Answer to And their budget?')).toBeInTheDocument();
    expect(r.invoke.mock.calls[1]![0].thread_id).toBe(firstThread);

    await r.user.click(screen.getByRole('button', { name: 'CLEAR HISTORY' }));
    expect(screen.queryByText('Answer to What does Acme do?')).not.toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Who decides?' }));
    await screen.findByText('Answer to Who decides?');
    expect(r.invoke.mock.calls[2]![0].thread_id).not.toBe(firstThread);
  });

  it('streams the answer into the response area', async () => {
    let finish!: (v: { output: string }) => void;
    const invoke = jest.fn(async (_body: unknown, { onEvent }: { onEvent?: (e: { type: 'delta'; text: string }) => void }) => {
      onEvent?.({ type: 'delta', text: 'Part' });
      return new Promise<{ output: string }>((resolve) => (finish = resolve));
    });
    const r = renderPages({
      route: '/pages/builder/p1',
      api: fakeApi([pageRow('p1', { components: [actions, response] })]),
      invoke: invoke as never,
    });
    await screen.findByRole('button', { name: 'Edit Action Buttons' });
    await r.user.click(screen.getByRole('button', { name: 'Preview' }));
    await r.user.click(screen.getByRole('button', { name: 'Who decides?' }));
    const area = screen.getByRole('region', { name: 'Answers' });
    expect(await within(area).findByText('Part')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'What does Acme do?' })).toBeDisabled();
    finish({ output: 'Partly done' });
    expect(await within(area).findByText('Partly done')).toBeInTheDocument();
  });
});
