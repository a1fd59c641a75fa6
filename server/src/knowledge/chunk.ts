// Chunks for embedding and search: consecutive blocks of the same page and section packed up to a size,
// each chunk starting with the tail of the one before (overlap) so a sentence cut at a boundary is
// still found whole. Sizes are characters, a token-ish measure (about four per token in English).
import type { TextBlock } from './parse.js';

export interface Chunk {
  position: number;
  text: string;
  page: number | null;
  section: string | null;
}

export interface ChunkOptions {
  /** the most characters in a chunk (default 1200, ~300 tokens) */
  maxChars?: number;
  /** characters carried over from the previous chunk of the same page and section (default 200) */
  overlap?: number;
}

/** Splits text longer than max at sentence ends, else at spaces, else hard. */
function splitLong(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '), window.lastIndexOf('\n'));
    if (cut < max * 0.5) cut = window.lastIndexOf(' ');
    if (cut < max * 0.3) cut = max - 1;
    pieces.push(rest.slice(0, cut + 1).trim());
    rest = rest.slice(cut + 1).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** The tail of a chunk to start the next one with, from a word boundary. */
function tail(text: string, overlap: number): string {
  if (overlap <= 0 || text.length <= overlap) return overlap > 0 ? text : '';
  const slice = text.slice(text.length - overlap);
  const space = slice.indexOf(' ');
  return space >= 0 ? slice.slice(space + 1) : slice;
}

export function chunkBlocks(blocks: TextBlock[], options: ChunkOptions = {}): Chunk[] {
  const maxChars = options.maxChars ?? 1200;
  const overlap = Math.min(options.overlap ?? 200, Math.floor(maxChars / 2));
  const chunks: Chunk[] = [];
  let parts: string[] = [];
  let size = 0;
  let place: { page: number | null; section: string | null } | null = null;
  // what the next chunk starts with; only carried within the same page and section
  let carry = '';

  const flush = () => {
    if (!place || parts.length === 0) return;
    const text = parts.join('\n\n');
    chunks.push({ position: chunks.length, text, page: place.page, section: place.section });
    carry = tail(text, overlap);
    parts = [];
    size = 0;
  };

  for (const block of blocks) {
    const samePlace = place !== null && place.page === block.page && place.section === block.section;
    if (!samePlace) {
      flush();
      carry = '';
      place = { page: block.page, section: block.section };
    }
    for (const piece of splitLong(block.text, Math.max(1, maxChars - overlap))) {
      if (size > 0 && size + piece.length + 2 > maxChars) flush();
      if (parts.length === 0 && carry) {
        parts.push(carry);
        size = carry.length;
      }
      parts.push(piece);
      size += piece.length + 2;
    }
  }
  flush();
  return chunks;
}
