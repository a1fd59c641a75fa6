// The builder's auto-save (spec 02 §4.2): any change marks the flow dirty and (re)starts a quiet timer;
// when it runs out, one save. A change while a save is in flight leads to one more save after it; a
// failed save keeps the flow dirty. flush() saves now (Save Flow, Test Flow, leaving the builder).
export interface AutoSaverOptions {
  delayMs: number;
  save: () => Promise<void>;
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
  /** Stops the timer (the pending change stays dirty). */
  cancel(): void;
}

export function createAutoSaver({ delayMs, save, onError, onDirtyChange, onSavingChange }: AutoSaverOptions): AutoSaver {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let inFlight: Promise<void> | null = null;

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

  async function run(throws: boolean): Promise<boolean> {
    while (inFlight) await inFlight.catch(() => undefined);
    if (!dirty) return true;
    setDirty(false);
    onSavingChange?.(true);
    const attempt = save();
    inFlight = attempt;
    try {
      await attempt;
      return !dirty;
    } catch (err) {
      setDirty(true);
      if (throws) throw err;
      onError?.(err);
      return false;
    } finally {
      inFlight = null;
      onSavingChange?.(false);
    }
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
    cancel: stopTimer,
  };
}
