// The kit's guard for editors with unsaved work: leaving the page (reload, closing or hiding the tab)
// first asks `flush` to save, with requests that outlive the page (keepalive), and while anything is
// pending the browser asks the user to confirm leaving. One hook for every editor instead of a copy each.
import { useEffect, useRef } from 'react';
import { setPageLeaving } from '@accent/shared/client';

export interface PendingSaveGuardOptions {
  /** unsaved changes or a save still in flight: leaving asks for confirmation */
  pending: boolean;
  /**
   * Called when the page is hidden or unloaded: start the save now, in one request, without awaiting
   * anything first (the page may be gone before a second round trip). Editors without auto-save omit it
   * and only warn.
   */
  flush?: () => void;
}

export function usePendingSaveGuard({ pending, flush }: PendingSaveGuardOptions): void {
  const latest = useRef({ pending, flush });
  latest.current = { pending, flush };

  useEffect(() => {
    const leave = () => {
      setPageLeaving(true);
      latest.current.flush?.();
    };
    const stay = () => setPageLeaving(false);
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : stay());
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.pending) return;
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', stay);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', stay);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);
}
