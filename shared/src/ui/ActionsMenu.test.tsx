import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionsMenu } from './ActionsMenu.js';

describe('ActionsMenu', () => {
  it("opens the item's actions from its ⋯ button and runs the one chosen", async () => {
    const duplicate = jest.fn();
    render(
      <ActionsMenu
        name="Lead router"
        items={[
          { label: 'Duplicate', onSelect: duplicate },
          { label: 'Delete', onSelect: () => {}, danger: true },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Actions for Lead router' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    expect(duplicate).toHaveBeenCalled();
  });
});
