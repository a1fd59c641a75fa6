import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CardGrid, GridCard, Page, PageHeader, SearchField, StatusBadge } from './Page.js';

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
});
