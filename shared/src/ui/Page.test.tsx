import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { BackLink, CardGrid, FilterMenu, GridCard, Notice, Page, PageHeader, PageSection, SearchField, StatusBadge } from './Page.js';

describe('page kit', () => {
  it('shows the header as the page heading with its subtitle and actions', () => {
    render(
      <Page>
        <PageHeader title="AI Flows" subtitle="Build flows." actions={<button type="button">Create</button>} />
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'AI Flows' })).toBeInTheDocument();
    expect(screen.getByText('Build flows.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('gives the search field its name and reports each change', async () => {
    function Harness() {
      const [q, setQ] = useState('');
      return (
        <>
          <SearchField label="Search flows" placeholder="Search..." value={q} onChange={setQ} />
          <output>{q}</output>
        </>
      );
    }
    render(<Harness />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search flows' }), 'lead');
    expect(screen.getByRole('status')).toHaveTextContent('lead');
  });

  it('opens a card by click, Enter or Space, and its menu acts without opening it', async () => {
    const onOpen = jest.fn();
    const onDelete = jest.fn();
    render(
      <CardGrid label="Flows">
        <GridCard title="Lead router" text="Routes leads" onOpen={onOpen} actions={[{ label: 'Delete', onSelect: onDelete, danger: true }]} />
      </CardGrid>,
    );
    const list = screen.getByRole('list', { name: 'Flows' });
    const card = within(list).getByRole('link', { name: /Lead router/ });
    await userEvent.click(card);
    card.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onOpen).toHaveBeenCalledTimes(3);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Lead router' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledTimes(3);
  });

  it('has no menu without actions and is no link without onOpen', () => {
    render(
      <CardGrid label="Flows">
        <GridCard title="Read only" actions={[]} />
      </CardGrid>,
    );
    expect(screen.queryByRole('button', { name: 'Actions for Read only' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Read only' })).toBeInTheDocument();
  });

  it('colours a badge by its tone and shows its text', () => {
    render(
      <>
        <StatusBadge tone="success">Active</StatusBadge>
        <StatusBadge tone="neutral">Paused</StatusBadge>
      </>,
    );
    expect(screen.getByText('Active').className).toMatch(/success/);
    expect(screen.getByText('Paused').className).not.toMatch(/success|warning|danger|info/);
  });

  it('names the page region by its header, with the back link, icon and badges in their slots', () => {
    render(
      <Page labelledBy="t" width="narrow">
        <PageHeader
          titleId="t"
          title="Edit Lead Qualifier"
          back={<button type="button">Back</button>}
          icon="🤖"
          meta={<StatusBadge tone="info">Unsaved changes</StatusBadge>}
          actions={<button type="button">Save</button>}
        />
        <PageSection id="runs" title="Recent runs">
          <p>none</p>
        </PageSection>
      </Page>,
    );
    const region = screen.getByRole('region', { name: 'Edit Lead Qualifier' });
    expect(region.className).toMatch(/narrow/);
    expect(within(region).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(within(region).getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent runs' })).toHaveTextContent('none');
  });

  it('goes back by a link to a route, or by a button that asks first, its arrow hidden from screen readers', async () => {
    const onClick = jest.fn();
    render(
      <MemoryRouter>
        <BackLink to="/chatbots">All chatbots</BackLink>
        <BackLink onClick={onClick} aria-label="Back to Pages">
          Back
        </BackLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'All chatbots' })).toHaveAttribute('href', '/chatbots');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Pages' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a filter menu says the current choice and offers the others', async () => {
    const onSelect = jest.fn();
    render(<FilterMenu label="Status filter: all" value="All Statuses" items={[{ label: 'draft', onSelect }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Status filter: all' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'draft' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('a notice carries its role and keeps its action', () => {
    render(
      <Notice tone="danger" role="alert" action={<button type="button">Retry</button>}>
        Failed to refresh
      </Notice>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to refresh');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
