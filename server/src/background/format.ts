// Output formatters of background agent runs (spec 02 §3.6 outputFormat): one report rendered as
// markdown, HTML (every text escaped), JSON, CSV (RFC 4180), Slack Block Kit, or a PDF (pdfkit, with its
// built-in Helvetica: no font files to ship). Text formats are synchronous (formatReport); renderDocument
// covers every format, pdf included.
import type { BackgroundOutputFormat } from '@accent/background-common';
import PDFDocument from 'pdfkit';
import { escapeHtml } from '../http/html.js';

export type ReportCell = string | number | boolean | null;

/** What a run produced, before formatting. */
export interface BackgroundReport {
  title: string;
  /** ISO timestamp. */
  generatedAt: string;
  summary?: string;
  sections?: { heading: string; body: string }[];
  /** Tabular results (e.g. scored leads); the columns are the keys in first-seen order. */
  rows?: Record<string, ReportCell>[];
}

export interface FormattedOutput {
  format: BackgroundOutputFormat;
  contentType: string;
  extension: string;
  body: string;
}

export class UnsupportedFormatError extends Error {
  constructor(readonly format: string) {
    super(`Output format "${format}" is not a text format: render it with renderDocument`);
    this.name = 'UnsupportedFormatError';
  }
}

/** The formats formatReport renders as text. */
export const TEXT_OUTPUT_FORMATS = ['markdown', 'html', 'json', 'csv', 'slack_blocks'] as const satisfies readonly BackgroundOutputFormat[];

/** The columns of the rows: every key, in first-seen order. */
export function reportColumns(rows: readonly Record<string, ReportCell>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

const cellText = (value: ReportCell | undefined): string => (value === null || value === undefined ? '' : String(value));

// ---- markdown ---------------------------------------------------------------------------------------

const mdCell = (value: ReportCell | undefined): string => cellText(value).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n|\r/g, '<br>');

export function toMarkdown(report: BackgroundReport): string {
  const out: string[] = [`# ${report.title.replace(/\r?\n|\r/g, ' ')}`, '', `_Generated ${report.generatedAt}_`];
  if (report.summary) out.push('', report.summary);
  for (const section of report.sections ?? []) out.push('', `## ${section.heading.replace(/\r?\n|\r/g, ' ')}`, '', section.body);
  const rows = report.rows ?? [];
  if (rows.length > 0) {
    const columns = reportColumns(rows);
    out.push('', `| ${columns.map(mdCell).join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`);
    for (const row of rows) out.push(`| ${columns.map((c) => mdCell(row[c])).join(' | ')} |`);
  }
  return out.join('\n') + '\n';
}

// ---- HTML -------------------------------------------------------------------------------------------

const paragraphs = (text: string): string =>
  text
    .split(/\r?\n\s*\r?\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');

export function toHtml(report: BackgroundReport): string {
  const out: string[] = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>' + escapeHtml(report.title) + '</title></head>',
    '<body>',
    `<h1>${escapeHtml(report.title)}</h1>`,
    `<p><em>Generated <time datetime="${escapeHtml(report.generatedAt)}">${escapeHtml(report.generatedAt)}</time></em></p>`,
  ];
  if (report.summary) out.push(paragraphs(report.summary));
  for (const section of report.sections ?? []) out.push(`<h2>${escapeHtml(section.heading)}</h2>`, paragraphs(section.body));
  const rows = report.rows ?? [];
  if (rows.length > 0) {
    const columns = reportColumns(rows);
    out.push('<table>', `<thead><tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead>`, '<tbody>');
    for (const row of rows) out.push(`<tr>${columns.map((c) => `<td>${escapeHtml(cellText(row[c]))}</td>`).join('')}</tr>`);
    out.push('</tbody>', '</table>');
  }
  out.push('</body>', '</html>');
  return out.join('\n') + '\n';
}

// ---- JSON -------------------------------------------------------------------------------------------

export function toJson(report: BackgroundReport): string {
  return JSON.stringify(
    { title: report.title, generatedAt: report.generatedAt, summary: report.summary ?? null, sections: report.sections ?? [], rows: report.rows ?? [] },
    null,
    2,
  );
}

// ---- CSV (RFC 4180) ---------------------------------------------------------------------------------

/** A field quoted when it holds a comma, a double quote, CR or LF; quotes doubled. */
export function csvField(value: ReportCell | undefined): string {
  const text = cellText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows with a header line (or, without rows, the sections as heading,body), CRLF line ends. */
export function toCsv(report: BackgroundReport): string {
  const rows = report.rows ?? [];
  const lines: string[] = [];
  if (rows.length > 0) {
    const columns = reportColumns(rows);
    lines.push(columns.map(csvField).join(','));
    for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(','));
  } else {
    lines.push('heading,body');
    if (report.summary) lines.push(['Summary', report.summary].map(csvField).join(','));
    for (const section of report.sections ?? []) lines.push([section.heading, section.body].map(csvField).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

// ---- Slack Block Kit --------------------------------------------------------------------------------

/** Block Kit limits: 50 blocks a message, header text 150 characters, section text 3000. */
export const SLACK_LIMITS = { blocks: 50, headerText: 150, sectionText: 3000 } as const;

/** Slack's mrkdwn control characters. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const truncate = (text: string, max: number): string => (text.length <= max ? text : text.slice(0, max - 1) + '…');

export type SlackBlock =
  | { type: 'header'; text: { type: 'plain_text'; text: string; emoji: true } }
  | { type: 'section'; text: { type: 'mrkdwn'; text: string } }
  | { type: 'context'; elements: { type: 'mrkdwn'; text: string }[] }
  | { type: 'divider' };

export function toSlackBlocks(report: BackgroundReport): { text: string; blocks: SlackBlock[] } {
  const section = (text: string): SlackBlock => ({ type: 'section', text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) } });
  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: truncate(report.title, SLACK_LIMITS.headerText), emoji: true } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: `Generated ${escapeSlack(report.generatedAt)}` }] },
  ];
  if (report.summary) blocks.push(section(escapeSlack(report.summary)));
  for (const s of report.sections ?? []) blocks.push({ type: 'divider' }, section(`*${escapeSlack(s.heading)}*\n${escapeSlack(s.body)}`));
  const rows = report.rows ?? [];
  if (rows.length > 0) {
    const columns = reportColumns(rows);
    const table = [columns.join(' | '), ...rows.map((r) => columns.map((c) => cellText(r[c]).replace(/\r?\n|\r/g, ' ')).join(' | '))].join('\n');
    // inside ``` the text must stay short enough for the closing fence
    blocks.push({ type: 'divider' }, section('```' + truncate(escapeSlack(table).replace(/```/g, "'''"), SLACK_LIMITS.sectionText - 6) + '```'));
  }
  if (blocks.length > SLACK_LIMITS.blocks) {
    blocks.length = SLACK_LIMITS.blocks - 1;
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: '_Truncated: the full report is too long for one message._' }] });
  }
  // `text` is the notification fallback Slack shows where blocks cannot be
  return { text: truncate(escapeSlack(report.title), SLACK_LIMITS.sectionText), blocks };
}

// ---- PDF --------------------------------------------------------------------------------------------

/** The report as a PDF document (A4, title, date, summary, sections, rows as "column: value" lines). */
export function toPdf(report: BackgroundReport): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // compress: smaller files; info: the document's title in viewers
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress: true, info: { Title: report.title, Producer: 'Accent Studio', Creator: 'Accent Studio' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    // The standard fonts only know WinAnsi: characters outside it would come out as garbage.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: tab, LF and CR are named to keep them, every other control character goes
    const clean = (text: string) => text.replace(/[^\x09\x0a\x0d\x20-\x7e\xa0-\xff]/g, '?');
    doc.font('Helvetica-Bold').fontSize(20).text(clean(report.title));
    doc.moveDown(0.3).font('Helvetica-Oblique').fontSize(9).fillColor('#555555').text(`Generated ${report.generatedAt}`).fillColor('#000000');
    if (report.summary) doc.moveDown().font('Helvetica').fontSize(11).text(clean(report.summary));
    for (const section of report.sections ?? []) {
      doc.moveDown().font('Helvetica-Bold').fontSize(14).text(clean(section.heading));
      doc.moveDown(0.3).font('Helvetica').fontSize(11).text(clean(section.body));
    }
    const rows = report.rows ?? [];
    if (rows.length > 0) {
      const columns = reportColumns(rows);
      doc.moveDown().font('Helvetica-Bold').fontSize(14).text('Results');
      rows.forEach((row, i) => {
        doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text(`${i + 1}.`);
        for (const c of columns) doc.font('Helvetica').fontSize(10).text(clean(`${c}: ${cellText(row[c])}`));
      });
    }
    doc.end();
  });
}

export interface RenderedDocument extends Omit<FormattedOutput, 'body'> {
  body: string | Buffer;
}

/** Any format, pdf included. */
export async function renderDocument(report: BackgroundReport, format: BackgroundOutputFormat): Promise<RenderedDocument> {
  if (format === 'pdf') return { format, contentType: 'application/pdf', extension: 'pdf', body: await toPdf(report) };
  return formatReport(report, format);
}

// ---- dispatch ---------------------------------------------------------------------------------------

export function formatReport(report: BackgroundReport, format: BackgroundOutputFormat): FormattedOutput {
  switch (format) {
    case 'markdown':
      return { format, contentType: 'text/markdown; charset=utf-8', extension: 'md', body: toMarkdown(report) };
    case 'html':
      return { format, contentType: 'text/html; charset=utf-8', extension: 'html', body: toHtml(report) };
    case 'json':
      return { format, contentType: 'application/json; charset=utf-8', extension: 'json', body: toJson(report) };
    case 'csv':
      return { format, contentType: 'text/csv; charset=utf-8; header=present', extension: 'csv', body: toCsv(report) };
    case 'slack_blocks':
      return { format, contentType: 'application/json; charset=utf-8', extension: 'json', body: JSON.stringify(toSlackBlocks(report)) };
    default:
      throw new UnsupportedFormatError(format);
  }
}
