import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIONS_COLUMN, Cell, DataTable, type DataTableProps, SortHeader, TableMessageRow } from './DataTable.js';

describe('DataTable', () => {
  it('names the table, keeps an email whole with its title, and sorts by a column header', async () => {
    const onSort = jest.fn();
    render(
      <DataTable caption="Users" hiddenCaption>
        <thead>
          <tr>
            <SortHeader direction="ascending" onSort={onSort}>
              Email
            </SortHeader>
            <th scope="col">Runs</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <Cell kind="email" title="bob@accent.local">
              bob@accent.local
            </Cell>
            <Cell kind="number">12</Cell>
          </tr>
        </tbody>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    const email = within(table).getByText('bob@accent.local');
    expect(email).toHaveClass('email');
    expect(email).toHaveAttribute('title', 'bob@accent.local');
    expect(within(table).getByText('12')).toHaveClass('number');
    const header = within(table).getByRole('columnheader', { name: /Email/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenCalledTimes(1);
  });

  it('shows a loading row as a status and an empty row as text across every column', () => {
    render(
      <DataTable label="Runs">
        <tbody>
          <TableMessageRow colSpan={3} loading>
            Loading runs...
          </TableMessageRow>
          <TableMessageRow colSpan={3}>No runs yet</TableMessageRow>
        </tbody>
      </DataTable>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading runs...');
    expect(screen.getByText('No runs yet')).toHaveAttribute('colspan', '3');
  });

  describe('given columns', () => {
    const columns = (onSort: () => void): DataTableProps['columns'] => [
      { label: 'Name', sort: { direction: 'descending' as const, onSort } },
      { label: 'Runs', numeric: true, width: '6rem' },
      false,
      'Owner',
      ACTIONS_COLUMN,
    ];

    it('draws the header row: sortable, numeric and hidden labels, leaving out false columns', async () => {
      const onSort = jest.fn();
      render(
        <DataTable label="Agents" columns={columns(onSort)} empty="No agents yet">
          <tr>
            <th scope="row">Helper</th>
            <Cell kind="number">3</Cell>
            <td>Ann</td>
            <Cell kind="actions">
              <button type="button">Open</button>
            </Cell>
          </tr>
        </DataTable>,
      );
      const table = screen.getByRole('table', { name: 'Agents' });
      const headers = within(table).getAllByRole('columnheader');
      expect(headers.map((h) => h.textContent)).toEqual(['Name▼', 'Runs', 'Owner', 'Actions']);
      expect(headers[0]).toHaveAttribute('aria-sort', 'descending');
      await userEvent.click(within(headers[0]!).getByRole('button', { name: 'Name' }));
      expect(onSort).toHaveBeenCalledTimes(1);
      expect(headers[1]).toHaveClass('number');
      expect(headers[1]).toHaveStyle({ width: '6rem' });
      expect(within(headers[3]!).getByText('Actions')).toHaveClass('hidden');
      expect(headers[3]).toHaveClass('end');
      expect(within(table).getByRole('rowheader', { name: 'Helper' })).toBeInTheDocument();
      expect(within(table).queryByText('No agents yet')).not.toBeInTheDocument();
    });

    it('shows the empty row across the columns when there are no rows', () => {
      const rows: string[] = [];
      render(
        <DataTable label="Agents" columns={columns(jest.fn())} empty="No agents yet">
          {rows.map((r) => (
            <tr key={r} />
          ))}
        </DataTable>,
      );
      expect(screen.getByRole('cell', { name: 'No agents yet' })).toHaveAttribute('colspan', '4');
    });

    it('stands a loading status or an error alert for the rows, the error first', () => {
      const { rerender } = render(
        <DataTable label="Agents" columns={columns(jest.fn())} loading="Loading agents..." empty="No agents yet">
          <tr>
            <td>stale</td>
          </tr>
        </DataTable>,
      );
      expect(screen.getByRole('status')).toHaveTextContent('Loading agents...');
      expect(screen.queryByText('stale')).not.toBeInTheDocument();
      expect(screen.queryByText('No agents yet')).not.toBeInTheDocument();
      rerender(<DataTable label="Agents" columns={columns(jest.fn())} loading="Loading agents..." error="Could not load agents" />);
      expect(screen.getByRole('alert')).toHaveTextContent('Could not load agents');
      expect(screen.getByRole('alert')).toHaveAttribute('colspan', '4');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });
});
