/**
 * window.alert once the click that asked for it has been handled: a modal alert inside the event
 * handler would freeze the page before React paints the click (focus, pressed state), and would keep
 * the click itself from completing for automation that waits on it.
 */
export const ALERT_DELAY_MS = 120;

export function showAlertSoon(message: string): void {
  setTimeout(() => window.alert(message), ALERT_DELAY_MS);
}
