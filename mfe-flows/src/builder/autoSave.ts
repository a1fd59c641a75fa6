// The builder's auto-save (spec 02 §4.2): any change marks the flow dirty and (re)starts a quiet timer;
// when it runs out, one save. A change while a save is in flight leads to one more save after it; a
// failed save keeps the flow dirty. flush() saves now (Save Flow, Test Flow, leaving the builder); leave()
// saves at once when the page itself goes away.
export interface AutoSaverOptions {
  delayMs: number;
  save: () => Promise<void>;
  /** the save used by leave(): one request, nothing awaited first (defaults to `save`) */
  saveOnLeave?: () => Promise<void>;
  /** an auto-save failed (not called for flush({ report: false })) */
  onError?: (err: unknown) => void;
  onDirtyChange?: (dirty: boolean) => void;
  onSavingChange?: (saving: boolean) => void;
}

export interface AutoSaver {
  markDirty(): void;
  /** Saves pending changes now; resolves true when nothing is left unsaved. Rejects with the save's error when `throws`. */
  flush(options?: { throws?: boolean }): Promise<boolean>;
  isDirty(): boolean;
  /** dirty, or a save still in flight */
  isPending(): boolean;
  /**
   * The page is going away: saves the latest state now, without waiting for a save in flight (the page
   * may unload before it answers, and the browser may cancel it). Does nothing when all is saved.
   */
  leave(): void;
  /** Stops the timer (the pending change stays dirty). */
  cancel(): void;
}

export function createAutoSaver({ delayMs, save, saveOnLeave, onError, onDirtyChange, onSavingChange }: AutoSaverOptions): AutoSaver {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let inFlight: Promise<void> | null = null;
  /** the save in flight is leave()'s: a second leave() (pagehide after visibilitychange) adds nothing */
  let leaving = false;

  const setDirty = (value: boolean) => {
    if (dirty !== value) {
      dirty = value;
      onDirtyChange?.(value);
    }
  };
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  async function start(throws: boolean, onLeave: boolean): Promise<boolean> {
    setDirty(false);
    onSavingChange?.(true);
    const attempt = (onLeave && saveOnLeave ? saveOnLeave : save)();
    inFlight = attempt;
    leaving = onLeave;
    try {
      await attempt;
      return !dirty;
    } catch (err) {
      setDirty(true);
      if (throws) throw err;
      onError?.(err);
      return false;
    } finally {
      // a leave() may have started a newer save meanwhile: that one is still in flight
      if (inFlight === attempt) {
        inFlight = null;
        leaving = false;
        onSavingChange?.(false);
      }
    }
  }

  async function run(throws: boolean): Promise<boolean> {
    while (inFlight) await inFlight.catch(() => undefined);
    if (!dirty) return true;
    return start(throws, false);
  }

  return {
    markDirty() {
      setDirty(true);
      stopTimer();
      timer = setTimeout(() => {
        timer = undefined;
        void run(false);
      }, delayMs);
    },
    flush({ throws = false } = {}) {
      stopTimer();
      return run(throws);
    },
    isDirty: () => dirty,
    isPending: () => dirty || inFlight !== null,
    leave() {
      stopTimer();
      if (!dirty && (!inFlight || leaving)) return;
      void start(false, true);
    },
    cancel: stopTimer,
  };
}
