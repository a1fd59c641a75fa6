// The lean pages' stand-in for the shell's route table module (../app/pages.ts, swapped in by
// webpack.public.mjs): after signing in the browser loads the studio in full, so what is worth fetching
// while the user types is the studio's own first scripts, listed by its build in first-load-scripts.json.
// They land in the browser's cache (hashed names, cached for a year) and /home then starts from there.

/** Where the shell's build lists the scripts of its first render after sign-in (FirstLoadScriptsPlugin). */
export const FIRST_LOAD_SCRIPTS_URL = '/first-load-scripts.json';

let started = false;

/** Prefetches the studio's first scripts (once per page; a failure only means no head start). */
export function preloadSignedInScreens(): void {
  if (started) return;
  started = true;
  void fetch(FIRST_LOAD_SCRIPTS_URL)
    .then((res) => (res.ok ? res.json() : []))
    .then((urls: unknown) => {
      if (!Array.isArray(urls)) return;
      for (const url of urls) {
        if (typeof url !== 'string' || !url.startsWith('/')) continue;
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = 'script';
        link.href = url;
        document.head.append(link);
      }
    })
    .catch(() => undefined);
}

/** Prefetches once the page is idle (the sign-in screens: the visitor came to sign in). */
export function preloadWhenIdle(): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(preloadSignedInScreens, { timeout: 2000 });
  else setTimeout(preloadSignedInScreens, 500);
}
