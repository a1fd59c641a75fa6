// What a person is told when an area cannot be shown, and what the browser reports about it. Three
// cases a user can act on: its code did not arrive (unreachable), it was built for another studio
// (incompatible), or it failed while running (crashed). The error's own text is developer text, often
// minified: it goes to the console and to the admin's health report, never onto the screen. Each failure
// gets a reference that the report carries, so an admin can find it.
import { REMOTE_TITLES, type RemoteId } from '@accent/shared';
import { isLoadFailure } from '@accent/shared/ui';

export type AreaFailureKind = 'unreachable' | 'incompatible' | 'crashed';

/** A failure found before the remote's code ran. */
export class AreaLoadError extends Error {
  override name = 'AreaLoadError';
  constructor(
    readonly kind: 'unreachable' | 'incompatible',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function failureKind(error: unknown): AreaFailureKind {
  if (error instanceof AreaLoadError) return error.kind;
  return isLoadFailure(error) ? 'unreachable' : 'crashed';
}

export const FAILURE_TEXTS = {
  unreachable: (id: RemoteId) => `${REMOTE_TITLES[id]} could not be loaded: its files did not arrive. Check your connection and try again.`,
  incompatible: (reason: string) => `${reason} An administrator needs to install a version of it made for this studio.`,
  crashed: (id: RemoteId) => `${REMOTE_TITLES[id]} stopped working because of an error in its code. Try again; if it keeps happening, tell your administrator.`,
  reference: (reference: string) => `Reference: ${reference}.`,
} as const;

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const references = new WeakMap<object, string>();

/** A short code for one failure (what the beacon stores as its id): R-7K2QX9AB. */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `R-${Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

/** The same reference for the same error object, however often the screen renders. */
export function referenceOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return newReference();
  let reference = references.get(error);
  if (!reference) {
    reference = newReference();
    references.set(error, reference);
  }
  return reference;
}

/** The failure screen's reason: what happened, in words, and the reference. */
export function describeAreaFailure(id: RemoteId, error: unknown): string {
  const kind = failureKind(error);
  const what = kind === 'incompatible' ? FAILURE_TEXTS.incompatible((error as Error).message) : FAILURE_TEXTS[kind](id);
  return `${what} ${FAILURE_TEXTS.reference(referenceOf(error))}`;
}

/** What the admin's report keeps of an error: its name and message, short. */
export function reportedMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 500);
}
