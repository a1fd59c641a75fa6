import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { Markdown } from './markdown.js';

describe('Markdown', () => {
  it('renders headings, lists, quotes, code and emphasis', () => {
    const { container } = render(
      <Markdown source={'# Plan\n\nSome **bold** and *soft* and `code`.\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n```\nconst a = 1;\n```\n\n---'} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('em')).toHaveTextContent('soft');
    expect(container.querySelector('p code')).toHaveTextContent('code');
    expect([...container.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...container.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['first', 'second']);
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('pre code')).toHaveTextContent('const a = 1;');
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('shows HTML as text and runs nothing', () => {
    const { container } = render(<Markdown source={'<script>window.hacked = 1</script>\n\n<img src=x onerror="window.hacked = 1">'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<script>window.hacked = 1</script>');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('links only to http(s) and mailto, in a new tab without an opener', () => {
    render(<Markdown source={'[site](https://example.com) and [bad](javascript:alert(1)) and [mail](mailto:a@b.c)'} />);
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('href', 'https://example.com');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getByText(/and bad/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@b.c');
  });
});
