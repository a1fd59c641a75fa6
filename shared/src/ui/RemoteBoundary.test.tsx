import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { describeLoadError, RemoteBoundary } from './RemoteBoundary.js';

describe('RemoteBoundary', () => {
  let consoleError: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {}); // React logs caught errors
  });
  afterEach(() => consoleError.mockRestore());

  it('shows "This area is unavailable" with the title and a plain reason (never the error’s own text), while siblings keep working', () => {
    function Broken(): never {
      throw new Error('The flow builder exploded');
    }
    render(
      <>
        <nav>Sidebar</nav>
        <RemoteBoundary title="AI Flows">
          <Broken />
        </RemoteBoundary>
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This area is unavailable');
    expect(alert).toHaveTextContent('AI Flows');
    expect(alert).toHaveTextContent('Something went wrong while showing it. Try again; if it keeps happening, tell your administrator.');
    expect(alert).not.toHaveTextContent('exploded');
    expect(screen.getByText('Sidebar')).toBeInTheDocument();
  });

  it('tells onError once, uses describeError, and drops the failure when resetKey (the route) changes', () => {
    let fail = true;
    function Page({ name }: { name: string }) {
      if (fail) throw new TypeError('(0 , A.sharedV2Label) is not a function');
      return <p>{name}</p>;
    }
    const onError = jest.fn();
    const describeError = (error: unknown) => `Crashed (${error instanceof TypeError ? 'type error' : 'other'}), reference R-1`;
    const { rerender } = render(
      <RemoteBoundary title="Agents" onError={onError} describeError={describeError} resetKey="/agents">
        <Page name="Agents dashboard" />
      </RemoteBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Crashed (type error), reference R-1');
    expect(onError).toHaveBeenCalledTimes(1);
    rerender(
      <RemoteBoundary title="Agents" onError={onError} describeError={describeError} resetKey="/agents">
        <Page name="Agents dashboard" />
      </RemoteBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fail = false;
    rerender(
      <RemoteBoundary title="Agents" onError={onError} describeError={describeError} resetKey="/agent-test">
        <Page name="Agent test" />
      </RemoteBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Agent test')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('Retry remounts the children under a fresh key and calls onRetry', async () => {
    let fail = true;
    const mounts: number[] = [];
    function Flaky() {
      const [mountId] = useState(() => mounts.length + 1);
      useEffect(() => {
        mounts.push(mountId);
      }, [mountId]);
      if (fail) throw new Error('remote entry failed');
      return <p>Flows dashboard</p>;
    }
    const onRetry = jest.fn(() => {
      fail = false;
    });
    const ui = userEvent.setup();
    render(
      <RemoteBoundary title="AI Flows" onRetry={onRetry}>
        <Flaky />
      </RemoteBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Its code could not be loaded');
    await ui.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Flows dashboard')).toBeInTheDocument();
    expect(mounts).toEqual([1]);
  });

  it('shows a LoadingState while a lazy area loads, and a new lazy on retry recovers', async () => {
    let resolveLoad!: (mod: { default: ComponentType }) => void;
    const failing = lazy(() => Promise.reject(new Error('Loading chunk 42 failed')));
    const retried = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (resolveLoad = resolve)));
    // Like the shell: the host owns the lazy and makes a new one on retry (a lazy keeps its rejection).
    function Host() {
      const [Area, setArea] = useState(() => failing);
      return (
        <RemoteBoundary title="Agents" onRetry={() => setArea(() => retried)}>
          <Area />
        </RemoteBoundary>
      );
    }
    const ui = userEvent.setup();
    render(<Host />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading Agents...');
    await act(async () => resolveLoad({ default: () => <p>Agents dashboard</p> }));
    expect(await screen.findByText('Agents dashboard')).toBeInTheDocument();
  });
});

describe('describeLoadError', () => {
  it('says in plain words whether the code could not be loaded or failed while showing, never the raw message', () => {
    expect(describeLoadError(new Error('x'.repeat(500)))).toBe('Something went wrong while showing it. Try again; if it keeps happening, tell your administrator.');
    expect(describeLoadError(new TypeError('Failed to fetch dynamically imported module: /mfe/flows/x.js'))).toBe('Its code could not be loaded. Check your connection and try again.');
    expect(describeLoadError(Object.assign(new Error('Loading chunk 245 failed.'), { name: 'ChunkLoadError' }))).toMatch(/could not be loaded/);
    expect(describeLoadError(undefined)).toBe('Something went wrong while showing it. Try again; if it keeps happening, tell your administrator.');
  });
});
