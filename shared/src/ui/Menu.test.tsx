import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu, type MenuItem } from './Menu.js';

function setup(extra: Partial<MenuItem>[] = []) {
  const chosen: string[] = [];
  const onCardClick = jest.fn();
  const items: MenuItem[] = [
    { label: 'View Missions', onSelect: () => chosen.push('View Missions') },
    { label: 'Duplicate', onSelect: () => chosen.push('Duplicate'), disabled: true },
    { label: 'Delete', onSelect: () => chosen.push('Delete'), danger: true },
    ...extra.map((e, i) => ({ label: `Extra ${i}`, onSelect: () => chosen.push(`Extra ${i}`), ...e })),
  ];
  render(
    <div>
      <div data-testid="card" onClick={onCardClick}>
        <Menu items={items} trigger={(props) => <button {...props} aria-label="Agent actions">⋯</button>} />
      </div>
      <button type="button">Elsewhere</button>
    </div>,
  );
  return { chosen, onCardClick, ui: userEvent.setup(), trigger: screen.getByRole('button', { name: 'Agent actions' }) };
}

describe('Menu', () => {
  it('is a menu button that opens on click, on the first item', async () => {
    const { ui, trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await ui.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((el) => el.textContent)).toEqual(['View Missions', 'Duplicate', 'Delete']);
    expect(screen.getByRole('menuitem', { name: 'View Missions' })).toHaveFocus();
  });

  it('moves with the arrow keys, skipping disabled items and wrapping; Home and End jump', async () => {
    const { ui, trigger } = setup();
    trigger.focus();
    await ui.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'View Missions' })).toHaveFocus();
    await ui.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await ui.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'View Missions' })).toHaveFocus();
    await ui.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await ui.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'View Missions' })).toHaveFocus();
    await ui.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('ArrowUp on the trigger opens on the last item', async () => {
    const { ui, trigger } = setup();
    trigger.focus();
    await ui.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('Enter chooses the item, closes and returns focus to the trigger', async () => {
    const { ui, trigger, chosen } = setup();
    trigger.focus();
    await ui.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(chosen).toEqual(['Delete']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('Escape closes without choosing', async () => {
    const { ui, trigger, chosen } = setup();
    await ui.click(trigger);
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(chosen).toEqual([]);
  });

  it('ignores disabled items', async () => {
    const { ui, trigger, chosen } = setup();
    await ui.click(trigger);
    await ui.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    expect(chosen).toEqual([]);
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('closes on a click outside, and its clicks never reach the surrounding card', async () => {
    const { ui, trigger, chosen, onCardClick } = setup();
    await ui.click(trigger);
    await ui.click(screen.getByRole('menuitem', { name: 'View Missions' }));
    expect(chosen).toEqual(['View Missions']);
    await ui.click(trigger);
    await ui.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onCardClick).not.toHaveBeenCalled();
  });
});
