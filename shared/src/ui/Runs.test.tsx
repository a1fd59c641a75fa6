import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RUN_STATE_TONES, RunDetail, RunList, RunListPanel, RunSection, RunStatusBadge, RunText, runStateTone } from './Runs.js';

describe('RunStatusBadge', () => {
  it('gives one tone per meaning, whatever the area calls the state', () => {
    expect(runStateTone('queued')).toBe(runStateTone('pending'));
    expect(runStateTone('succeeded')).toBe(runStateTone('completed'));
    expect(RUN_STATE_TONES.running).toBe('info');
    expect(RUN_STATE_TONES.failed).toBe('danger');
    expect(RUN_STATE_TONES.warning).toBe('warning');
    expect(runStateTone('something new')).toBe('neutral');
  });

  it("keeps the area's text and says the state", () => {
    const { rerender } = render(<RunStatusBadge status="failed" data-testid="s" />);
    expect(screen.getByTestId('s')).toHaveTextContent('Failed');
    expect(screen.getByTestId('s')).toHaveAttribute('data-status', 'failed');
    expect(screen.getByTestId('s').className).toContain('danger');
    rerender(<RunStatusBadge status="succeeded" label="succeeded with warnings" data-testid="s" />);
    expect(screen.getByTestId('s')).toHaveTextContent(/^succeeded with warnings$/);
    rerender(<RunStatusBadge status="dry_run" data-testid="s" />);
    expect(screen.getByTestId('s')).toHaveTextContent('dry_run');
    rerender(<RunStatusBadge status="dry_run" label="dry run" tone="info" data-testid="s" />);
    expect(screen.getByTestId('s').className).toContain('info');
  });
});

describe('RunListPanel', () => {
  const base = {
    id: 'runs-title',
    title: 'Recent runs',
    errorText: (m: string) => `Failed to load runs: ${m}`,
    loadingText: 'Loading runs...',
    empty: { title: 'No runs yet', text: 'Runs appear here.' },
    children: (runs: readonly string[]) => (
      <RunList label="Recent runs of Demo">
        {runs.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </RunList>
    ),
  };

  it('shows loading, empty, error with retry, and the runs under a named section', async () => {
    const onRefresh = jest.fn();
    const { rerender } = render(<RunListPanel {...base} runs={null} error={null} onRefresh={onRefresh} />);
    expect(screen.getByRole('region', { name: 'Recent runs' })).toBeInTheDocument();
    expect(screen.getByText('Loading runs...')).toBeInTheDocument();

    rerender(<RunListPanel {...base} runs={[]} error={null} onRefresh={onRefresh} />);
    expect(screen.getByText('No runs yet')).toBeInTheDocument();

    rerender(<RunListPanel {...base} runs={null} error="offline" onRefresh={onRefresh} />);
    expect(screen.getByText('Failed to load runs: offline')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(onRefresh).toHaveBeenCalledTimes(1);

    rerender(<RunListPanel {...base} runs={['run one']} error="offline" onRefresh={onRefresh} />);
    // the list stays on screen, the error above it
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load runs: offline');
    expect(screen.getByRole('list', { name: 'Recent runs of Demo' })).toHaveTextContent('run one');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(2);
  });

  it('can sit inside a page section with a level-3 heading and a hint', () => {
    render(<RunListPanel {...base} headingLevel={3} hint="The latest runs." runs={[]} error={null} onRefresh={() => {}} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Recent runs' })).toBeInTheDocument();
    expect(screen.getByText('The latest runs.')).toBeInTheDocument();
  });
});

describe('RunDetail', () => {
  it('lists the facts that are given, then titled sections with output or its empty text', () => {
    render(
      <RunDetail facts={[{ label: 'Status', value: <RunStatusBadge status="running" /> }, false, { label: 'Thread', value: 't-1', mono: true }]}>
        <RunSection title="Error">
          <RunText text="boom" tone="error" />
        </RunSection>
        <RunSection title="Output">
          <RunText text="" empty="No output" />
        </RunSection>
      </RunDetail>,
    );
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Status', 'Thread']);
    expect(screen.getByRole('region', { name: 'Error' })).toHaveTextContent('boom');
    expect(screen.getByRole('region', { name: 'Output' })).toHaveTextContent('No output');
  });

  it('labels a block of text when asked', () => {
    render(<RunText label="Prompt" text="Hello" mono />);
    expect(screen.getByText('Prompt')).toBeInTheDocument();
    expect(screen.getByText('Hello').tagName).toBe('PRE');
  });
});
