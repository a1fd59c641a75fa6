// The public form of a flow deployed with a Form Submit trigger: a small self-contained HTML page built
// from the trigger's config, posting (application/x-www-form-urlencoded) to POST /flows/:id/form.
//
// Trigger config: `fields` — a list of names ("email") or of {name, label?, type?: text | email | number |
// textarea | url | tel | date, required?, placeholder?}; none → one textarea "message". Optional `title`
// (default: the flow's name), `description` (default: the flow's) and `submitLabel` (default "Submit").
// Only the declared fields are passed on, as strings: the run's payload is {<name>: value…}.
import { escapeHtml } from '../http/html.js';

export const FORM_FIELD_TYPES = ['text', 'email', 'number', 'textarea', 'url', 'tel', 'date'] as const;
type FieldType = (typeof FORM_FIELD_TYPES)[number];

export interface FormField {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  placeholder: string;
}

export interface FormSpec {
  title: string;
  description: string;
  submitLabel: string;
  fields: FormField[];
}

export const FORM_MESSAGES = {
  submitted: 'Thank you! Your submission was received.',
  submitAnother: 'Submit another response',
} as const;

const MAX_FIELDS = 50;
const MAX_VALUE_CHARS = 10_000;
const text = (v: unknown, fallback = '') => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

export function formSpecOf(config: Record<string, unknown>, flow: { name: string; description: string }): FormSpec {
  const raw = Array.isArray(config.fields) ? config.fields : [];
  const fields: FormField[] = [];
  for (const entry of raw.slice(0, MAX_FIELDS)) {
    const f = typeof entry === 'string' ? { name: entry } : entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : null;
    const name = text(f?.name);
    if (!f || !/^[\w.-]{1,100}$/.test(name) || fields.some((x) => x.name === name)) continue;
    const type = FORM_FIELD_TYPES.includes(f.type as FieldType) ? (f.type as FieldType) : 'text';
    fields.push({ name, label: text(f.label, name), type, required: f.required === true, placeholder: text(f.placeholder) });
  }
  if (fields.length === 0) fields.push({ name: 'message', label: 'Message', type: 'textarea', required: true, placeholder: '' });
  return { title: text(config.title, flow.name), description: text(config.description, flow.description), submitLabel: text(config.submitLabel, 'Submit'), fields };
}

/** The submitted values of the declared fields (strings, trimmed to 10,000 characters). */
export function formPayload(spec: FormSpec, body: unknown): Record<string, string> {
  const values = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const payload: Record<string, string> = {};
  for (const field of spec.fields) {
    const v = values[field.name];
    const value = Array.isArray(v) ? v[0] : v;
    payload[field.name] = value === undefined || value === null ? '' : String(value).slice(0, MAX_VALUE_CHARS);
  }
  return payload;
}

/** No scripts, nothing from elsewhere, posts only back here. */
export const FORM_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:2rem}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem}
h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input,textarea{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #cbd5e1;border-radius:8px;font:inherit}
textarea{min-height:8rem}button{margin-top:1.5rem;background:#6366f1;color:#fff;border:0;border-radius:8px;padding:.6rem 1.2rem;font:inherit;cursor:pointer}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderForm(spec: FormSpec, action: string): string {
  const fields = spec.fields
    .map((f) => {
      const id = `f-${escapeHtml(f.name)}`;
      const common = `id="${id}" name="${escapeHtml(f.name)}"${f.required ? ' required' : ''}${f.placeholder ? ` placeholder="${escapeHtml(f.placeholder)}"` : ''}`;
      const control = f.type === 'textarea' ? `<textarea ${common}></textarea>` : `<input type="${f.type}" ${common}>`;
      return `<label for="${id}">${escapeHtml(f.label)}${f.required ? ' *' : ''}</label>${control}`;
    })
    .join('');
  return page(
    spec.title,
    `<h1>${escapeHtml(spec.title)}</h1>${spec.description ? `<p>${escapeHtml(spec.description)}</p>` : ''}<form method="post" action="${escapeHtml(action)}">${fields}<button type="submit">${escapeHtml(spec.submitLabel)}</button></form>`,
  );
}

export function renderSubmitted(spec: FormSpec, formPath: string): string {
  return page(spec.title, `<h1>${escapeHtml(spec.title)}</h1><p role="status">${FORM_MESSAGES.submitted}</p><p><a href="${escapeHtml(formPath)}">${FORM_MESSAGES.submitAnother}</a></p>`);
}
