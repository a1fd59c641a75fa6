import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render } from '@testing-library/react';
import { isPageLeaving, setPageLeaving } from '@accent/shared/client';
import { usePendingSaveGuard, type PendingSaveGuardOptions } from './usePendingSaveGuard.js';

function Guarded(props: PendingSaveGuardOptions) {
  usePendingSaveGuard(props);
  return null;
}

function fireBeforeUnload(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('usePendingSaveGuard', () => {
  afterEach(() => {
    setPageLeaving(false);
    setVisibility('visible');
  });

  it('asks the browser to confirm leaving only while a save is pending', () => {
    const { rerender } = render(<Guarded pending={false} />);
    expect(fireBeforeUnload().defaultPrevented).toBe(false);
    rerender(<Guarded pending />);
    expect(fireBeforeUnload().defaultPrevented).toBe(true);
    rerender(<Guarded pending={false} />);
    expect(fireBeforeUnload().defaultPrevented).toBe(false);
  });

  it('flushes on pagehide with keepalive requests, and on the tab being hidden', () => {
    const flush = jest.fn(() => {
      // what the save sees while it starts
      expect(isPageLeaving()).toBe(true);
    });
    render(<Guarded pending flush={flush} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    expect(flush).toHaveBeenCalledTimes(2);
    // back on the tab: requests are ordinary again
    setVisibility('visible');
    expect(isPageLeaving()).toBe(false);
  });

  it('uses the latest flush and stops listening when the editor closes', () => {
    const first = jest.fn();
    const second = jest.fn();
    const { rerender, unmount } = render(<Guarded pending flush={first} />);
    rerender(<Guarded pending flush={second} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    unmount();
    window.dispatchEvent(new Event('pagehide'));
    expect(second).toHaveBeenCalledTimes(1);
    expect(fireBeforeUnload().defaultPrevented).toBe(false);
  });
});
