import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { FormGrid, FormSection } from './FormSection.js';

describe('FormSection', () => {
  it('names a section by its title and shows the description and actions beside it', () => {
    render(
      <FormSection title="Parameters" level={3} titleId="p-title" description="Values by name." actions={<button type="button">Add</button>}>
        <FormGrid columns={3}>
          <input aria-label="Name" />
        </FormGrid>
      </FormSection>,
    );
    const region = screen.getByRole('region', { name: 'Parameters' });
    expect(screen.getByRole('heading', { level: 3, name: 'Parameters' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Values by name.');
    expect(region).toContainElement(screen.getByRole('button', { name: 'Add' }));
    expect(region).toContainElement(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('draws a fieldset whose legend is the title, so its controls are grouped under it', () => {
    render(
      <FormSection as="fieldset" title="Schedule" description="When it runs.">
        <input type="radio" aria-label="Daily" />
      </FormSection>,
    );
    const group = screen.getByRole('group', { name: 'Schedule' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group).toContainElement(screen.getByRole('radio', { name: 'Daily' }));
    expect(group).toHaveTextContent('When it runs.');
  });
});
