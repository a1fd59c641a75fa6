import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createStore } from 'jotai';
import { TOAST_MAX_VISIBLE, createToastBus, toastsAtom } from './toast.js';

describe('toast bus', () => {
  let store: ReturnType<typeof createStore>;
  let bus: ReturnType<typeof createToastBus>;
  const list = () => store.get(toastsAtom);

  beforeEach(() => {
    jest.useFakeTimers();
    store = createStore();
    bus = createToastBus(store);
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a toast and closes it after 4000 ms with a 300 ms exit', () => {
    const id = bus.success('Agent Saved!', 'Your agent has been successfully saved and updated.');
    expect(list()).toEqual([
      { id, type: 'success', title: 'Agent Saved!', message: 'Your agent has been successfully saved and updated.', duration: 4000, leaving: false },
    ]);
    jest.advanceTimersByTime(3999);
    expect(list()[0]!.leaving).toBe(false);
    jest.advanceTimersByTime(1);
    expect(list()[0]!.leaving).toBe(true);
    jest.advanceTimersByTime(299);
    expect(list()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(list()).toEqual([]);
  });

  it('honours a custom duration and the typed helpers', () => {
    bus.error('Delete failed', 'HTTP 500: Internal Server Error', 1000);
    bus.warning('Careful');
    bus.info('FYI');
    expect(list().map((t) => t.type)).toEqual(['error', 'warning', 'info']);
    jest.advanceTimersByTime(1300);
    expect(list().map((t) => t.title)).toEqual(['Careful', 'FYI']);
  });

  it('dismisses early, once, through the exit', () => {
    const id = bus.show({ type: 'info', title: 'Hello' });
    bus.dismiss(id);
    bus.dismiss(id);
    expect(list()[0]!.leaving).toBe(true);
    jest.advanceTimersByTime(300);
    expect(list()).toEqual([]);
    jest.advanceTimersByTime(10_000); // the original auto-close timer must not resurrect anything
    expect(list()).toEqual([]);
  });

  it('keeps a toast with duration 0 until it is closed', () => {
    const id = bus.show({ type: 'warning', title: 'Sticky', duration: 0 });
    jest.advanceTimersByTime(60_000);
    expect(list()).toHaveLength(1);
    bus.dismiss(id);
    jest.advanceTimersByTime(300);
    expect(list()).toEqual([]);
  });

  it(`keeps at most ${TOAST_MAX_VISIBLE} on screen by retiring the oldest`, () => {
    for (let i = 0; i < TOAST_MAX_VISIBLE + 1; i++) bus.info(`t${i}`);
    expect(list().filter((t) => !t.leaving).map((t) => t.title)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    jest.advanceTimersByTime(300);
    expect(list()).toHaveLength(TOAST_MAX_VISIBLE);
  });

  it('gives every toast its own id and clears all at once', () => {
    const a = bus.info('a');
    const b = bus.info('b');
    expect(a).not.toBe(b);
    bus.clear();
    expect(list()).toEqual([]);
  });

  it('pauses the countdown while the toast is hovered and resumes with the time left', () => {
    const id = bus.error('Save failed', 'Your role does not allow saving flows.');
    jest.advanceTimersByTime(3000);
    bus.pause(id);
    jest.advanceTimersByTime(60_000);
    expect(list()[0]!.leaving).toBe(false);
    bus.resume(id);
    jest.advanceTimersByTime(999);
    expect(list()[0]!.leaving).toBe(false);
    jest.advanceTimersByTime(1);
    expect(list()[0]!.leaving).toBe(true);
  });

  it('a toast resumed with almost no time left stays a little longer; pausing a sticky toast does nothing', () => {
    const id = bus.info('Heads up');
    jest.advanceTimersByTime(3990);
    bus.pause(id);
    bus.resume(id);
    jest.advanceTimersByTime(999);
    expect(list()[0]!.leaving).toBe(false);
    jest.advanceTimersByTime(1);
    expect(list()[0]!.leaving).toBe(true);

    const sticky = bus.info('Stays', undefined, 0);
    bus.pause(sticky);
    bus.resume(sticky);
    jest.advanceTimersByTime(60_000);
    expect(list().find((t) => t.id === sticky)!.leaving).toBe(false);
  });
});
