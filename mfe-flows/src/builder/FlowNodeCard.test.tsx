// The canvas as cards: what a card shows, the "+" node picker of an output, and Ctrl/⌘-K to the palette
// search, in the builder as a user meets it (jsdom: xyflow measures nothing, so it draws no edges and
// keeps the unmeasured nodes hidden: what is inside a card is found by its label or test id).
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, graphFlow, renderFlows } from '../testing/renderFlows.js';

jest.setTimeout(20_000);

async function openBuilder(role?: 'member') {
  const api = fakeApi([graphFlow()]);
  const r = renderFlows({ route: '/flows/flow-1', api, role });
  await screen.findByText('Agent', { selector: '[title]' });
  return r;
}

const saved = async (r: Awaited<ReturnType<typeof openBuilder>>) => {
  await r.user.click(screen.getByRole('button', { name: 'Save Flow' }));
  await waitFor(() => expect(r.api.saveFlow).toHaveBeenCalled());
  return r.api.saveFlow.mock.calls.at(-1)![0].flowData;
};

describe('flow node cards', () => {
  it('draws each node as a card: icon, readable title and subtitle, labelled outputs; no internal names', async () => {
    await openBuilder();
    const agent = screen.getByTestId('node-a1');
    expect(agent.querySelector('svg')).not.toBeNull();
    expect(within(agent).getByText('Agent')).toBeInTheDocument();
    expect(within(agent).getByText('gpt-4.1-mini')).toBeInTheDocument();
    const check = screen.getByTestId('node-c1');
    expect(within(check).getByText('No condition set yet')).toBeInTheDocument();
    const outputs = within(check).getByLabelText('Outputs of Check');
    expect(
      within(outputs)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent),
    ).toEqual(['true', 'false']);
    expect(within(screen.getByTestId('node-t1')).getByText('Start when a webhook is called')).toBeInTheDocument();
    // the old plain boxes said "AI · openai", "Logic · if_else"
    for (const id of ['t1', 'a1', 'c1'])
      expect(screen.getByTestId(`node-${id}`).textContent).not.toMatch(/openai|if_else|·\s*(AI|Logic|Trigger)|\b[tac]1\b/);
    // a trigger takes no input; the others have one
    expect(screen.getByTestId('node-t1').querySelector('.react-flow__handle.target')).toBeNull();
    expect(screen.getByTestId('node-a1').querySelector('.react-flow__handle.target')).not.toBeNull();
  });

  it('the "+" of an output opens a searchable node picker; Enter inserts the node and connects it from that output', async () => {
    const r = await openBuilder();
    const plus = screen.getByLabelText('Add a node after Check (false)');
    await r.user.click(plus);
    const picker = screen.getByRole('dialog', { name: 'Add a node after Check (false)' });
    const search = within(picker).getByRole('combobox', { name: 'Search nodes' });
    expect(search).toHaveFocus();
    // a trigger cannot follow a node: the picker offers AI & Logic and Actions
    expect(within(picker).queryByRole('option', { name: /Webhook/ })).not.toBeInTheDocument();
    await r.user.type(search, 'slack');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Slack MessagePost to Slack']);
    await r.user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = await screen.findByTestId('node-action-n1');
    expect(within(card).getByText('Slack Message')).toBeInTheDocument();
    // the new node is selected (its properties show) and focused
    const panel = await screen.findByRole('complementary', { name: 'Node Properties' });
    // the panel names it as the card does, and its action type in words (the stored value stays 'slack')
    expect(within(panel).getByText('No Slack webhook yet')).toBeInTheDocument();
    const actionType = within(panel).getByLabelText('Action type') as HTMLSelectElement;
    expect(actionType).toHaveValue('slack');
    expect(actionType.selectedOptions[0]!.textContent).toBe('Slack message');
    await waitFor(() => expect(card.closest('.react-flow__node')).toHaveFocus());
    const flow = await saved(r);
    expect(flow.edges).toContainEqual(expect.objectContaining({ source: 'c1', sourceHandle: 'false', target: 'action-n1' }));
    const added = flow.nodes.find((n) => n.id === 'action-n1')!;
    expect(added).toMatchObject({ type: 'action', data: { subtype: 'slack', actionType: 'slack' } });
    expect(added.position.x).toBeGreaterThan(500);
  });

  it('the picker moves with the arrow keys, closes on Escape and gives the focus back to its "+"', async () => {
    const r = await openBuilder();
    // a connected output has no "+" (its edge has one)
    expect(screen.queryByLabelText('Add a node after Agent')).not.toBeInTheDocument();
    const plus = screen.getByLabelText('Add a node after Check (true)');
    plus.focus();
    await r.user.keyboard('{Enter}');
    const search = within(screen.getByRole('dialog', { name: 'Add a node after Check (true)' })).getByRole('combobox');
    expect(search).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await r.user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await r.user.type(search, 'zzz');
    expect(screen.getByText('No node matches “zzz”.')).toBeInTheDocument();
    await r.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(plus).toHaveFocus();
    expect(r.api.saveFlow).not.toHaveBeenCalled();
  });

  it('Ctrl-K (or ⌘-K) focuses the palette search; typing filters it and Enter adds the first match', async () => {
    const r = await openBuilder();
    const search = screen.getByRole('searchbox', { name: 'Search nodes' });
    expect(search).not.toHaveFocus();
    await r.user.keyboard('{Control>}k{/Control}');
    expect(search).toHaveFocus();
    await r.user.type(search, 'http');
    const palette = screen.getByRole('navigation', { name: 'Node palette' });
    expect(
      within(palette)
        .getAllByRole('button')
        .map((b) => b.querySelector('span')?.textContent),
    ).toEqual(['HTTP Request']);
    await r.user.keyboard('{Enter}');
    expect(await screen.findByTestId('node-action-n1')).toHaveTextContent('HTTP Request');
    search.blur();
    await r.user.keyboard('{Meta>}k{/Meta}');
    expect(search).toHaveFocus();
    const flow = await saved(r);
    expect(flow.nodes.map((n) => n.id)).toEqual(['t1', 'a1', 'c1', 'action-n1']);
  });

  it('a member sees the cards without any "+"', async () => {
    await openBuilder('member');
    expect(screen.getByTestId('node-c1')).toHaveTextContent('true');
    expect(screen.queryByLabelText(/^Add a node/)).not.toBeInTheDocument();
  });
});
