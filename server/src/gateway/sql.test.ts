// Values written inline for the one-message read: each literal must mean exactly its value to a real
// PostgreSQL (PGlite here), whatever it holds, and nothing else in the statement may change.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { createTestContext, loginMember, TEST_JWT_SECRET, type TestContext } from '../testing/test-app.js';
import { createVerifyCaller, type GatewayCaller } from './auth.js';
import { readBatch } from './routes.js';
import { inlineParameters } from './sql.js';

const NASTY = ["x'; DROP TABLE t; --", "' OR '1'='1", '\\', "\\'", "a\\'; SELECT 1; --", '$1', '$$ $tag$', '"', 'é ✓ 😀', '', 'line\nbreak\ttab', "E'x'"];

describe('inlineParameters', () => {
  it('replaces each $n by its own value ($1 is not the start of $12), NULL for null', () => {
    const parameters = Array.from({ length: 12 }, (_, i) => `v${i + 1}`);
    parameters[4] = null as unknown as string;
    const sql = Array.from({ length: 12 }, (_, i) => `$${i + 1}::text`).join(', ');
    expect(inlineParameters({ sql, parameters })).toBe("'v1'::text, 'v2'::text, 'v3'::text, 'v4'::text, NULL::text, 'v6'::text, 'v7'::text, 'v8'::text, 'v9'::text, 'v10'::text, 'v11'::text, 'v12'::text");
  });

  it('doubles quotes, and writes E\'\' with doubled backslashes when there is a backslash', () => {
    expect(inlineParameters({ sql: 'SELECT $1', parameters: ["it's"] })).toBe("SELECT 'it''s'");
    expect(inlineParameters({ sql: 'SELECT $1', parameters: ["a\\'b"] })).toBe("SELECT  E'a\\\\''b'");
  });

  it('leaves $n inside quoted identifiers and literals as it is', () => {
    const sql = `SELECT "col$1", 'text $1 ''$2''', "a""$2" FROM t WHERE x = $1 AND y = $2`;
    expect(inlineParameters({ sql, parameters: ['one', 'two'] })).toBe(`SELECT "col$1", 'text $1 ''$2''', "a""$2" FROM t WHERE x = 'one' AND y = 'two'`);
  });

  it('refuses a value with a NUL character (the caller keeps the bound-parameter path)', () => {
    expect(inlineParameters({ sql: 'SELECT $1', parameters: ['a\0b'] })).toBeUndefined();
  });

  it('refuses a placeholder without a value', () => {
    expect(() => inlineParameters({ sql: 'SELECT $2', parameters: ['a'] })).toThrow('no value for $2');
  });
});

describe('inline literals on a real PostgreSQL', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
  }, 60_000);
  afterAll(async () => {
    await pglite?.close();
  });

  const roundTrip = async (values: string[]) => {
    const sql = `SELECT ${values.map((_, i) => `$${i + 1}::text AS v${i}`).join(', ')}`;
    const [result] = await pglite.exec(inlineParameters({ sql, parameters: values })!);
    return Object.values(result.rows[0] as Record<string, unknown>);
  };

  it('reads every value back as it was, with standard_conforming_strings on and off', async () => {
    expect(await roundTrip(NASTY)).toEqual(NASTY);
    expect(inlineParameters({ sql: 'SELECT $1', parameters: ['a\0b'] })).toBeUndefined();
    await pglite.exec('SET standard_conforming_strings = off');
    try {
      expect(await roundTrip(NASTY)).toEqual(NASTY);
    } finally {
      await pglite.exec('SET standard_conforming_strings = on');
    }
  });
});

describe('readBatch on the migrated database', () => {
  let ctx: TestContext;
  let caller: GatewayCaller;
  beforeAll(async () => {
    ctx = await createTestContext();
    const member = await loginMember(ctx.app);
    caller = await createVerifyCaller(TEST_JWT_SECRET)(`Bearer ${member.token}`);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const run = (batch: string) => ctx.database.pglite!.transaction((tx) => tx.exec(batch));
  const probe = { sql: `SELECT current_user AS role, current_setting('request.jwt.claims', true) AS claims, $1::text AS v`, parameters: [] as string[] };

  it("runs three statements, whatever the values: the caller's claims, the role, the select", async () => {
    for (const value of NASTY) {
      const withValue = { ...caller, claimsJson: JSON.stringify({ ...caller.claims, note: value }) };
      const results = await run(readBatch(withValue, { ...probe, parameters: [value] })!);
      expect(results).toHaveLength(3);
      expect(results[0].rows).toHaveLength(1);
      const row = results[2].rows[0] as { role: string; claims: string; v: string };
      expect(row.role).toBe('authenticated');
      expect(row.v).toBe(value);
      const claims = JSON.parse(row.claims) as Record<string, unknown>;
      expect(claims.note).toBe(value);
      expect(claims.app_role).toBe('member');
    }
  });

  it('still runs the select as `authenticated`, with no claims, for a caller no longer signed in', async () => {
    const ended = { ...caller, sessionId: '00000000-0000-4000-8000-000000000000' };
    const results = await run(readBatch(ended, { ...probe, parameters: ['x'] })!);
    expect(results[0].rows).toHaveLength(0);
    const row = results[2].rows[0] as { role: string; claims: string | null; v: string };
    expect({ ...row, claims: row.claims || null }).toEqual({ role: 'authenticated', claims: null, v: 'x' });
  });
});
