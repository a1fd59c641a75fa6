// Turns an uploaded file into blocks of plain text that remember where they came from: the page of a
// PDF, the heading a Markdown, HTML or DOCX paragraph sits under. The chunker works on these blocks.
import { KNOWLEDGE_FILE_TYPES } from '@accent/shell-common';

// The Word and PDF readers are large and serve only uploads of those files: loaded on first use.
const importMammoth = () => import('mammoth');
const importUnpdf = () => import('unpdf');
let mammothModule: ReturnType<typeof importMammoth> | undefined;
let unpdfModule: ReturnType<typeof importUnpdf> | undefined;
const loadMammoth = () => (mammothModule ??= importMammoth());
const loadUnpdf = () => (unpdfModule ??= importUnpdf());

export interface TextBlock {
  text: string;
  page: number | null;
  section: string | null;
}

export interface ParsedDocument {
  blocks: TextBlock[];
  pages: number | null;
  chars: number;
}

export type KnowledgeMime = (typeof KNOWLEDGE_FILE_TYPES)[keyof typeof KNOWLEDGE_FILE_TYPES];

export class ParseError extends Error {
  override name = 'ParseError';
}

/** The type a file is read as, by its extension; null when the knowledge base does not read it. */
export function knowledgeMimeFor(fileName: string): KnowledgeMime | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext && ext in KNOWLEDGE_FILE_TYPES ? KNOWLEDGE_FILE_TYPES[ext as keyof typeof KNOWLEDGE_FILE_TYPES] : null;
}

const finish = (blocks: TextBlock[], pages: number | null): ParsedDocument => {
  const kept = blocks.map((b) => ({ ...b, text: b.text.trim() })).filter((b) => b.text.length > 0);
  return { blocks: kept, pages, chars: kept.reduce((n, b) => n + b.text.length, 0) };
};

/** Paragraphs of plain text: blank lines separate them. */
const paragraphs = (text: string) => text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);

export async function parseDocument(mime: KnowledgeMime, data: Uint8Array): Promise<ParsedDocument> {
  switch (mime) {
    case 'application/pdf':
      return parsePdf(data);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
      const { default: mammoth } = await loadMammoth();
      let html: string;
      try {
        html = (await mammoth.convertToHtml({ buffer: Buffer.from(data) })).value;
      } catch (error) {
        throw new ParseError(`The Word document could not be read: ${(error as Error).message}`);
      }
      return parseHtml(html);
    }
    case 'text/markdown':
      return parseMarkdown(decodeText(data));
    case 'text/html':
      return parseHtml(decodeText(data));
    case 'text/csv':
      return parseCsv(decodeText(data));
    default:
      return finish(paragraphs(decodeText(data)).map((text) => ({ text, page: null, section: null })), null);
  }
}

function decodeText(data: Uint8Array): string {
  return new TextDecoder('utf-8').decode(data).replace(/^\uFEFF/, '');
}

async function parsePdf(data: Uint8Array): Promise<ParsedDocument> {
  const { extractText, getDocumentProxy } = await loadUnpdf();
  let result: { totalPages: number; text: string[] };
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy
    const pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
    result = await extractText(pdf, { mergePages: false });
  } catch (error) {
    throw new ParseError(`The PDF could not be read: ${(error as Error).message}`);
  }
  const blocks = result.text.flatMap((pageText, i) => paragraphs(pageText).map((text) => ({ text, page: i + 1, section: null })));
  return finish(blocks, result.totalPages);
}

export function parseMarkdown(text: string): ParsedDocument {
  const blocks: TextBlock[] = [];
  let section: string | null = null;
  let current: string[] = [];
  let fenced = false;
  const flush = () => {
    if (current.length) blocks.push({ text: current.join('\n'), page: null, section });
    current = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      section = heading[1].trim() || section;
      continue;
    }
    if (!fenced && line.trim() === '') {
      flush();
      continue;
    }
    current.push(line);
  }
  flush();
  return finish(blocks, null);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number.parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * HTML to text blocks. The result is only ever used as plain text (never rendered), so stripping tags
 * is enough for safety; what must not become text at all (scripts, styles, comments, templates) is
 * removed with its content first. Headings start sections; block elements end paragraphs.
 */
export function parseHtml(html: string): ParsedDocument {
  const cleaned = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(script|style|noscript|template)\b[\s\S]*$/gi, ' ');
  const blocks: TextBlock[] = [];
  let section: string | null = null;
  // split on headings, keeping them
  const parts = cleaned.split(/(<h[1-6]\b[^>]*>[\s\S]*?<\/h[1-6]\s*>)/i);
  const toText = (fragment: string) =>
    decodeEntities(
      fragment
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<\/(p|div|li|tr|section|article|blockquote|pre|table|ul|ol)\s*>/gi, '\n\n')
        .replace(/<\/t[dh]\s*>/gi, ' ')
        .replace(/<[^>]*>/g, ''),
    )
      .replace(/[ \t\f\v]+/g, ' ')
      .replace(/ *\n */g, '\n');
  for (const part of parts) {
    if (/^<h[1-6]\b/i.test(part)) {
      const title = toText(part).replace(/\s+/g, ' ').trim();
      if (title) section = title;
      continue;
    }
    for (const text of paragraphs(toText(part))) blocks.push({ text, page: null, section });
  }
  return finish(blocks, null);
}

/** One CSV record per block, as "column: value" pairs, so a row found by search reads on its own. */
export function parseCsv(text: string): ParsedDocument {
  const rows = csvRows(text).filter((r) => r.some((cell) => cell.trim()));
  if (rows.length === 0) return finish([], null);
  const [header, ...records] = rows;
  const blocks = records.map((record, i) => ({
    text: record.map((cell, c) => `${header[c]?.trim() || `column ${c + 1}`}: ${cell.trim()}`).join('; '),
    page: null,
    section: `row ${i + 2}`,
  }));
  return finish(records.length ? blocks : [{ text: header.join('; '), page: null, section: null }], null);
}

/** RFC 4180: quoted fields with "" escapes and line breaks inside quotes. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
