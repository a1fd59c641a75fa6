import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { component } from '../testing/renderPages.js';
import { PageView } from './PageView.js';

describe('PageView', () => {
  it('lets a long domain wrap after its dots, not in the middle of a word', () => {
    const crm = component('c1', 'crmData', { domain: 'northwind-traders-international.example.com', customerName: 'Northwind', opportunityName: 'Renewal', language: 'English' }, 'full-width', 0);
    render(<PageView components={[crm]} ask={async () => ''} threadId="t" onClearHistory={() => undefined} label="Preview" />);
    const domain = screen.getByText('Domain').nextElementSibling as HTMLElement;
    expect(domain).toHaveTextContent('northwind-traders-international.example.com');
    expect(domain.querySelectorAll('wbr')).toHaveLength(2);
    expect(domain.innerHTML).toBe('northwind-traders-international.<wbr>example.<wbr>com');
  });

  it('draws no empty pill for a blank action button', () => {
    const actions = component('a1', 'actionButtons', { buttons: ['Who decides?', '  ', ''] }, 'left-column', 0);
    render(<PageView components={[actions]} ask={async () => ''} threadId="t" onClearHistory={() => undefined} label="Preview" />);
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim())).not.toContain('');
    expect(screen.getByRole('button', { name: 'Who decides?' })).toBeInTheDocument();
  });
});
