import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs, tabPanelProps } from './Tabs.js';

const tabs = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'tools', label: 'Tools & Integrations' },
  { id: 'steps', label: 'Steps' },
  { id: 'advanced', label: 'Advanced Settings' },
];

function Editor() {
  const [active, setActive] = useState('basic');
  return (
    <>
      <Tabs tabs={tabs} active={active} onChange={setActive} label="Agent editor" idBase="editor" />
      <div {...tabPanelProps('editor', active)}>Panel {active}</div>
    </>
  );
}

describe('Tabs', () => {
  it('is a tablist with one selected, focusable tab tied to its panel', () => {
    render(<Editor />);
    expect(screen.getByRole('tablist', { name: 'Agent editor' })).toBeInTheDocument();
    const basic = screen.getByRole('tab', { name: 'Basic Info' });
    expect(basic).toHaveAttribute('aria-selected', 'true');
    expect(basic).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Steps' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Basic Info' })).toHaveTextContent('Panel basic');
  });

  it('moves and selects with the arrow keys, Home and End, wrapping around', async () => {
    const ui = userEvent.setup();
    render(<Editor />);
    await ui.click(screen.getByRole('tab', { name: 'Basic Info' }));
    await ui.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Tools & Integrations' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Tools & Integrations' })).toHaveAttribute('aria-selected', 'true');
    await ui.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Advanced Settings' })).toHaveFocus();
    await ui.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Basic Info' })).toHaveFocus();
    await ui.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel advanced');
    await ui.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Basic Info' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects on click', async () => {
    const ui = userEvent.setup();
    render(<Editor />);
    await ui.click(screen.getByRole('tab', { name: 'Steps' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel steps');
  });
});
