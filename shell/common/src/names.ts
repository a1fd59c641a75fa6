// Names people give things (stored files and folders, knowledge collections and files): refused when they
// carry Unicode direction controls. Invisible, they reorder what is shown: "invoice<U+202E>txt.exe" reads
// as "invoiceexe.txt" in a file list, so a program can pass for a document. One rule, used by the zod
// schemas and by the server wherever a name enters (storage keys, knowledge uploads).
import type { z } from 'zod';

/** Bidi marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–202E, U+2066–2069). */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const codePoint = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The name as it can be shown safely in a message: each direction control written as <U+202E>. */
export function revealDirectionControls(name: string): string {
  return name.replace(DIRECTION_CONTROLS, (ch) => `<${codePoint(ch)}>`);
}

/** Null when the name is fine; otherwise the sentence that says what is wrong and what to do. */
export function directionControlProblem(name: string): string | null {
  const found = [...new Set(name.match(DIRECTION_CONTROLS) ?? [])];
  if (!found.length) return null;
  return `"${revealDirectionControls(name).slice(0, 200)}" contains ${found.map(codePoint).join(', ')}: invisible characters that change the order letters are shown in (so a name can pass for another, e.g. "txt.exe" shown as "exe.txt"). Remove ${found.length === 1 ? 'it' : 'them'} from the name.`;
}

/** A zod string schema that refuses direction controls with that sentence. */
export function withoutDirectionControls<T extends z.ZodType<string>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const problem = directionControlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
