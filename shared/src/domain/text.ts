// Small text helpers the remotes share.

/** The first `lines` non-empty lines of a text, cut to `max` characters (an output's preview). */
export function excerpt(text: string | null | undefined, lines = 3, max = 300): string {
  if (!text) return '';
  const kept = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, lines)
    .join('\n');
  return kept.length > max ? `${kept.slice(0, max - 1).trimEnd()}…` : kept;
}
