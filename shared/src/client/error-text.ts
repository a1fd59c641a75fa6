// The sentence a page shows for a failed call: what the error says, or the page's own words.

/** The error's message (or the thrown string), else `fallback`. */
export function errorMessage(err: unknown, fallback = 'Request failed'): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}

/** The server's own explanation of a refused call (ApiError.detail, e.g. a 409's), else errorMessage. */
export function errorDetail(err: unknown, fallback = 'Request failed'): string {
  const detail = err && typeof err === 'object' ? (err as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' && detail.trim() ? detail : errorMessage(err, fallback);
}
