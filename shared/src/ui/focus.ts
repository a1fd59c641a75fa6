const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** Keyboard-focusable elements inside `root`, in tab order of the document. */
export function focusableIn(root: Element | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));
}

/** Index of the next enabled entry from `from` in direction `step`, wrapping around; -1 when none is enabled. */
export function nextEnabledIndex(count: number, from: number, step: 1 | -1, isEnabled: (index: number) => boolean): number {
  for (let i = 1; i <= count; i++) {
    const candidate = (((from + step * i) % count) + count) % count;
    if (isEnabled(candidate)) return candidate;
  }
  return -1;
}
