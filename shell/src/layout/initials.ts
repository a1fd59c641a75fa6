/** Up to two initials from a name ("Ada Lovelace" → "AL"), or the first letter of an email. */
export function initialsOf(nameOrEmail: string): string {
  const words = nameOrEmail
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [...words[0]].slice(0, 1) : [[...words[0]][0], [...words[words.length - 1]][0]];
  return letters.join('').toUpperCase();
}
