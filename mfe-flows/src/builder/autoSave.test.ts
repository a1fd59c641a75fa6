import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AUTO_SAVE_DELAY_MS } from '@accent/flows-common';
import { createAutoSaver } from './autoSave.js';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

function setup(save = jest.fn<() => Promise<void>>(async () => undefined)) {
  const onError = jest.fn();
  const dirty: boolean[] = [];
  const saver = createAutoSaver({ delayMs: AUTO_SAVE_DELAY_MS, save, onError, onDirtyChange: (d) => dirty.push(d) });
  return { saver, save, onError, dirty };
}

describe('auto-save', () => {
  it('saves once per quiet period of 2000 ms, however many changes came before', async () => {
    const { saver, save } = setup();
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(1500);
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(1500);
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.isDirty()).toBe(false);

    saver.markDirty();
    await jest.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('a failed save keeps the flow dirty and reports; the next change retries', async () => {
    const save = jest.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const { saver, onError, dirty } = setup(save);
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(saver.isDirty()).toBe(true);
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(saver.isDirty()).toBe(false);
    expect(dirty).toEqual([true, false, true, false]);
  });

  it('flush saves pending changes now (leaving the builder) and does nothing when clean', async () => {
    const { saver, save } = setup();
    expect(await saver.flush()).toBe(true);
    expect(save).not.toHaveBeenCalled();
    saver.markDirty();
    expect(await saver.flush()).toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('a change during a save leads to one more save after it', async () => {
    let release!: () => void;
    const save = jest.fn<() => Promise<void>>().mockImplementationOnce(() => new Promise<void>((r) => (release = r))).mockResolvedValue(undefined);
    const { saver } = setup(save);
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(2000);
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
    release();
    await jest.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('leave() saves the latest state at once with the leave save, without waiting for a save in flight', async () => {
    let release: () => void = () => undefined;
    const save = jest.fn<() => Promise<void>>(() => new Promise<void>((r) => (release = r)));
    const saveOnLeave = jest.fn<() => Promise<void>>(async () => undefined);
    const saver = createAutoSaver({ delayMs: AUTO_SAVE_DELAY_MS, save, saveOnLeave });
    saver.leave();
    expect(saveOnLeave).not.toHaveBeenCalled(); // nothing to save

    // an edit less than 2 s before the reload: the timer has not run yet
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(500);
    expect(saver.isPending()).toBe(true);
    saver.leave();
    expect(saveOnLeave).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled(); // the timer was stopped
    expect(saver.isPending()).toBe(false);

    // an auto-save in flight when the page goes: the browser may cancel it, so leave() saves again, once
    saver.markDirty();
    await jest.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.isPending()).toBe(true);
    saver.leave();
    saver.leave(); // pagehide after visibilitychange
    expect(saveOnLeave).toHaveBeenCalledTimes(2);
    release();
    await jest.advanceTimersByTimeAsync(0);
    expect(saver.isPending()).toBe(false);
  });

  it('a failed leave() save keeps the flow dirty', async () => {
    const saveOnLeave = jest.fn<() => Promise<void>>().mockRejectedValue(new Error('offline'));
    const onError = jest.fn();
    const saver = createAutoSaver({ delayMs: AUTO_SAVE_DELAY_MS, save: async () => undefined, saveOnLeave, onError });
    saver.markDirty();
    saver.leave();
    await jest.advanceTimersByTimeAsync(0);
    expect(saver.isDirty()).toBe(true);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
