import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Cell, DataTable, SortHeader, TableMessageRow } from './DataTable.js';

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
});
