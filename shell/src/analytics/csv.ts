// A table as CSV text (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled),
// and its download. Cells starting with = + - @ are prefixed with ' so a spreadsheet never runs them.
import { saveFile } from '@accent/shared/ui';

export type CsvCell = string | number | null;

const field = (value: CsvCell): string => {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const toCsv = (header: readonly string[], rows: readonly CsvCell[][]): string =>
  [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

export function downloadCsv(filename: string, header: readonly string[], rows: readonly CsvCell[][]): void {
  saveFile(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
