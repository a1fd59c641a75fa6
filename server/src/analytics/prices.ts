// The library's model price table (migration 024). The cost of each run is computed from it by the
// database when the run is recorded (accent_run_cost), so a changed price applies to runs recorded
// afterwards and never rewrites a past run's cost.
import type { ModelPrice, ModelPricesResponse } from '@accent/shell-common';
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { toIso } from '../db/values.js';

interface ModelPricesTable {
  library_id: string;
  provider: string;
  model: string;
  // numeric: a string from pg, a number or string from PGlite
  input_usd_per_mtok: ColumnType<string | number, number, number>;
  output_usd_per_mtok: ColumnType<string | number, number, number>;
  priced_on: ColumnType<Date | string, string, string>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
interface ModelListPricesTable {
  provider: string;
  model: string;
  priced_on: ColumnType<Date | string, string, string>;
}
const withPrices = (db: Kysely<DB>) => db.withTables<{ model_prices: ModelPricesTable; model_list_prices: ModelListPricesTable }>();

export async function readPrices(db: Kysely<DB>, libraryId: string): Promise<ModelPricesResponse> {
  const [rows, list] = await Promise.all([
    withPrices(db)
      .selectFrom('model_prices')
      .select(['provider', 'model', 'input_usd_per_mtok', 'output_usd_per_mtok', sql<string>`to_char(priced_on, 'YYYY-MM-DD')`.as('priced_on'), 'updated_at'])
      .where('library_id', '=', libraryId)
      .orderBy('provider')
      .orderBy('model')
      .execute(),
    withPrices(db).selectFrom('model_list_prices').select(sql<string | null>`to_char(max(priced_on), 'YYYY-MM-DD')`.as('on')).executeTakeFirst(),
  ]);
  return {
    prices: rows.map((r) => ({
      provider: r.provider,
      model: r.model,
      input_usd_per_mtok: Number(r.input_usd_per_mtok),
      output_usd_per_mtok: Number(r.output_usd_per_mtok),
      priced_on: r.priced_on,
      updated_at: toIso(r.updated_at),
    })),
    list_prices_on: list?.on ?? null,
  };
}

/** Replaces the whole table; rows whose price did not change keep their update time. */
export async function replacePrices(db: Kysely<DB>, libraryId: string, userId: string, prices: ModelPrice[]): Promise<void> {
  const t = withPrices(db);
  const keep = prices.map((p) => sql`(${p.provider}::text, ${p.model}::text)`);
  await t
    .deleteFrom('model_prices')
    .where('library_id', '=', libraryId)
    .$if(keep.length > 0, (q) => q.where(sql<boolean>`(provider, model) NOT IN (${sql.join(keep)})`))
    .execute();
  for (const p of prices) {
    const values = { input_usd_per_mtok: p.input_usd_per_mtok, output_usd_per_mtok: p.output_usd_per_mtok, priced_on: p.priced_on };
    await t
      .insertInto('model_prices')
      .values({ library_id: libraryId, provider: p.provider, model: p.model, ...values, updated_by: userId })
      .onConflict((oc) =>
        oc.columns(['library_id', 'provider', 'model']).doUpdateSet({ ...values, updated_by: userId, updated_at: sql<Date>`now()` }).where(
          sql<boolean>`(model_prices.input_usd_per_mtok, model_prices.output_usd_per_mtok, model_prices.priced_on) IS DISTINCT FROM (excluded.input_usd_per_mtok, excluded.output_usd_per_mtok, excluded.priced_on)`,
        ),
      )
      .execute();
  }
}

/** What the audit entry says: the models added, removed and repriced. */
export function diffPrices(before: ModelPrice[], after: ModelPrice[]) {
  const key = (p: ModelPrice) => `${p.provider} / ${p.model}`;
  const old = new Map(before.map((p) => [key(p), p]));
  const next = new Map(after.map((p) => [key(p), p]));
  return {
    added: [...next.keys()].filter((k) => !old.has(k)),
    removed: [...old.keys()].filter((k) => !next.has(k)),
    changed: [...next.entries()]
      .filter(([k, p]) => {
        const o = old.get(k);
        return o && (o.input_usd_per_mtok !== p.input_usd_per_mtok || o.output_usd_per_mtok !== p.output_usd_per_mtok || o.priced_on !== p.priced_on);
      })
      .map(([k]) => k),
  };
}
