// The ⋯ button that opens an item's actions, one look wherever a card or a table row has one.
import { Menu, type MenuItem } from './Menu.js';
import styles from './ActionsMenu.module.css';

export interface ActionsMenuProps {
  /** the item's name: the button is "Actions for <name>" */
  name: string;
  items: MenuItem[];
  /** which edge of the button the menu lines up with */
  align?: 'start' | 'end';
}

/** "Actions for <name>": a ⋯ button and the menu of the item's actions. */
export function ActionsMenu({ name, items, align = 'end' }: ActionsMenuProps) {
  return (
    <Menu
      align={align}
      items={items}
      trigger={(props) => (
        <button {...props} type="button" className={styles.actionsButton} aria-label={`Actions for ${name}`}>
          <span aria-hidden="true">⋯</span>
        </button>
      )}
    />
  );
}
