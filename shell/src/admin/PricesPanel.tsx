// Admin → Settings → Model prices: USD per million input and output tokens for each provider and model,
// which the server uses to compute each run's cost when the run is recorded. Seeded with public list
// prices (their date shown); a refused row is said with its line.
import type { FormEvent, InputHTMLAttributes } from 'react';
import { ApiError } from '@accent/shared/client';
import { Button, DataTable, IconButton } from '@accent/shared/ui';
import { modelPricesPutRequestSchema, type ModelPrice, type ModelPricesResponse } from '@accent/shell-common';
import { errorMessage } from './format.js';
import { usePricesApi } from './prices-api.js';
import { SettingsBlock } from './SettingsBlock.js';
import { useSettingsForm } from './useSettingsForm.js';
import styles from './Admin.module.css';

export const PRICES_TEXTS = {
  title: 'Model prices',
  lead: 'USD per million tokens, used to estimate the cost of each run when it is recorded. A run on a model missing here has no cost ("—"). Changes apply to runs recorded afterwards.',
  listPrices: (day: string) =>
    `Seeded with the providers' public list prices of ${day}: check them against your providers' price pages and contracts.`,
  add: 'Add a model',
  save: 'Save prices',
  saved: 'Model prices saved',
  loading: 'Loading model prices...',
  loadFailed: 'Could not load the model prices.',
} as const;

interface Row {
  key: number;
  provider: string;
  model: string;
  input: string;
  output: string;
  priced_on: string;
}

let nextKey = 0;
const toRow = (p: ModelPrice): Row => ({
  key: nextKey++,
  provider: p.provider,
  model: p.model,
  input: String(p.input_usd_per_mtok),
  output: String(p.output_usd_per_mtok),
  priced_on: p.priced_on,
});
const today = () => new Date().toISOString().slice(0, 10);

const LABELS: Record<string, string> = {
  provider: 'provider',
  model: 'model',
  input_usd_per_mtok: 'input price',
  output_usd_per_mtok: 'output price',
  priced_on: 'date',
};

/** `prices.2.model: …` → `Line 3, model: …`. */
function problemOf(path: readonly PropertyKey[], message: string): string {
  const [, index, field] = path;
  return typeof index === 'number' ? `Line ${index + 1}${field ? `, ${LABELS[String(field)] ?? String(field)}` : ''}: ${message}` : message;
}
function serverProblem(error: unknown): string {
  const detail = error instanceof ApiError && error.detail ? error.detail : errorMessage(error);
  const m = /^(?:body\.)?prices\.(\d+)(?:\.(\w+))?: (.+)$/s.exec(detail);
  return m ? problemOf(['prices', Number(m[1]), m[2]], m[3]) : detail;
}

export function PricesPanel() {
  const pricesApi = usePricesApi();
  const form = useSettingsForm({
    key: ['admin', 'model-prices'],
    read: () => pricesApi.get(),
    draftOf: (stored: ModelPricesResponse) => stored.prices.map(toRow),
    empty: [] as Row[],
    saved: PRICES_TEXTS.saved,
    refusal: serverProblem,
  });
  const { draft: rows, setDraft: setRows, error } = form;

  const change = (key: number, field: keyof Omit<Row, 'key'>, value: string) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  const save = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      prices: rows.map((r) => ({
        provider: r.provider.trim(),
        model: r.model.trim(),
        input_usd_per_mtok: r.input.trim() === '' ? Number.NaN : Number(r.input),
        output_usd_per_mtok: r.output.trim() === '' ? Number.NaN : Number(r.output),
        priced_on: r.priced_on,
      })),
    };
    const checked = modelPricesPutRequestSchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      form.setError(problemOf(issue.path, issue.message));
      return;
    }
    void form.save(() => pricesApi.put(checked.data.prices));
  };

  return (
    <SettingsBlock
      title={PRICES_TEXTS.title}
      lead={PRICES_TEXTS.lead}
      note={form.stored?.list_prices_on && <p className={styles.lead}>{PRICES_TEXTS.listPrices(form.stored.list_prices_on)}</p>}
      loadError={form.loadError}
      loadFailed={PRICES_TEXTS.loadFailed}
      onRetry={form.loaded.reload}
      data={form.stored}
      loading={PRICES_TEXTS.loading}
    >
      {() => (
        <form onSubmit={save} noValidate>
          <DataTable
            caption={PRICES_TEXTS.title}
            hiddenCaption
            columns={[
              'Provider',
              'Model',
              'Input (USD / 1M tokens)',
              'Output (USD / 1M tokens)',
              'Price date',
              { label: 'Remove', hiddenLabel: true },
            ]}
          >
            {rows.map((r, i) => {
              const line = `line ${i + 1}`;
              // one editable cell of this line, named by its column and the line ("Model, line 2")
              const cell = (field: keyof Omit<Row, 'key'>, label: string, input: InputHTMLAttributes<HTMLInputElement> = {}) => (
                <td>
                  <input
                    {...input}
                    className={styles.input}
                    aria-label={`${label}, ${line}`}
                    value={r[field]}
                    onChange={(e) => change(r.key, field, e.target.value)}
                  />
                </td>
              );
              return (
                <tr key={r.key}>
                  {cell('provider', 'Provider')}
                  {cell('model', 'Model')}
                  {cell('input', 'Input price', { inputMode: 'decimal' })}
                  {cell('output', 'Output price', { inputMode: 'decimal' })}
                  {cell('priced_on', 'Price date', { type: 'date' })}
                  <td>
                    <IconButton
                      label={`Remove ${r.provider} / ${r.model || line}`}
                      onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                    >
                      ×
                    </IconButton>
                  </td>
                </tr>
              );
            })}
          </DataTable>
          {error && (
            <p role="alert" className={styles.formError}>
              {error}
            </p>
          )}
          <div className={styles.rowActions}>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setRows((rs) => [...rs, { key: nextKey++, provider: '', model: '', input: '', output: '', priced_on: today() }])}
            >
              {PRICES_TEXTS.add}
            </Button>
            <Button type="submit" disabled={form.saving}>
              {form.saving ? 'Saving...' : PRICES_TEXTS.save}
            </Button>
          </div>
        </form>
      )}
    </SettingsBlock>
  );
}
