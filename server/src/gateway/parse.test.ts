// The query-string parser on its own: what supabase-js sends, and what the gateway refuses.
import { describe, expect, it } from '@jest/globals';
import { GatewayError } from './errors.js';
import { parseAccept, parseList, parseOrder, parsePrefer, parseQuery, parseRange, parseSelect } from './parse.js';
import { arrayLiteral, buildRead, buildUpdate, columnValue } from './sql.js';
import type { TableSchema } from './schema-cache.js';

const refused = (fn: () => unknown, code = 'PGRST100') => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).code).toBe(code);
    return (error as GatewayError).message;
  }
  throw new Error('expected a refusal');
};

describe('parseQuery', () => {
  it('reads filters, or, order, limit and offset in order', () => {
    const q = parseQuery(
      new URLSearchParams([
        ['select', 'id,name'],
        ['agent_id', 'eq.Lead Qualifier'],
        ['status', 'not.in.(paused,"a,b")'],
        ['last_run', 'is.null'],
        ['or', '(name.ilike.*x*,description.ilike."%a,b%")'],
        ['order', 'created_at.desc.nullslast,name'],
        ['limit', '20'],
        ['offset', '40'],
      ]).toString(),
    );
    expect(q.select).toEqual(['id', 'name']);
    expect(q.filters).toEqual([
      { kind: 'condition', column: 'agent_id', operator: 'eq', negated: false, value: 'Lead Qualifier' },
      { kind: 'condition', column: 'status', operator: 'in', negated: true, value: '(paused,"a,b")', list: ['paused', 'a,b'] },
      { kind: 'condition', column: 'last_run', operator: 'is', negated: false, value: 'null' },
      {
        kind: 'or',
        negated: false,
        conditions: [
          { kind: 'condition', column: 'name', operator: 'ilike', negated: false, value: '*x*' },
          { kind: 'condition', column: 'description', operator: 'ilike', negated: false, value: '%a,b%' },
        ],
      },
    ]);
    expect(q.order).toEqual([
      { column: 'created_at', descending: true, nulls: 'last' },
      { column: 'name', descending: false },
    ]);
    expect(q).toMatchObject({ limit: 20, offset: 40 });
  });

  it('keeps dots in values and reads quantifiers, quoted names, on_conflict and columns', () => {
    const q = parseQuery('name=eq.a.b.c&tags=like(any).{a*,"b,c"}&"order"=gt.2&on_conflict=id&columns="id","name"');
    expect(q.filters[0]).toMatchObject({ value: 'a.b.c' });
    expect(q.filters[1]).toMatchObject({ operator: 'like', quantifier: 'any', list: ['a*', 'b,c'] });
    expect(q.filters[2]).toMatchObject({ column: 'order', operator: 'gt', value: '2' });
    expect(q.onConflict).toEqual(['id']);
    expect(q.columns).toEqual(['id', 'name']);
  });

  it('refuses what it does not support', () => {
    expect(refused(() => parseQuery('and=(a.eq.1,b.eq.2)'))).toContain('and=');
    expect(refused(() => parseQuery('or=(a.eq.1,or(b.eq.2,c.eq.3))'))).toContain('Nested');
    expect(refused(() => parseQuery('mission_runs.status=eq.ok'))).toContain('Embedded');
    expect(refused(() => parseQuery('mission_runs.limit=1'))).toContain('Embedded');
    expect(refused(() => parseQuery('parameters->>a=eq.1'))).toContain('JSON paths');
    expect(refused(() => parseQuery('tags=cs.{a}'))).toBe('The operator cs is not supported by this gateway');
    expect(refused(() => parseQuery('name=zz.1'))).toBe('failed to parse filter (zz.1)');
    expect(refused(() => parseQuery('name=eq'))).toBe('failed to parse filter (eq)');
    expect(refused(() => parseQuery('name=in.a,b'))).toBe('failed to parse filter (in.a,b)');
    expect(refused(() => parseQuery('name=is.maybe'))).toBe('failed to parse filter (is.maybe)');
    expect(refused(() => parseQuery('name=in(any).{a}'))).toBe('failed to parse filter (in(any).{a})');
    expect(refused(() => parseQuery('limit=-1'))).toContain('limit');
    expect(refused(() => parseQuery('or=a.eq.1'))).toContain('logic tree');
    expect(refused(() => parseQuery('or=(a.eq."1)'))).toContain('logic tree');
  });
});

describe('parseSelect and parseOrder', () => {
  it('accepts plain and quoted columns and *', () => {
    expect(parseSelect('*')).toBeNull();
    expect(parseSelect('')).toBeNull();
    expect(parseSelect('id,"name",*')).toEqual(['id', 'name', '*']);
  });
  it('refuses embedding, aggregates, aliases, casts, spreads', () => {
    refused(() => parseSelect('id,mission_runs(*)'));
    refused(() => parseSelect('count()'), 'PGRST123');
    refused(() => parseSelect('execution_count.sum()'), 'PGRST123');
    refused(() => parseSelect('n:name'));
    refused(() => parseSelect('name::text'));
    refused(() => parseSelect('...mission_runs(id)'));
    refused(() => parseSelect('id;drop'));
  });
  it('reads directions and nulls placement', () => {
    expect(parseOrder('a.asc.nullsfirst,"b".desc')).toEqual([
      { column: 'a', descending: false, nulls: 'first' },
      { column: 'b', descending: true },
    ]);
    refused(() => parseOrder('a.up'));
    refused(() => parseOrder('a.desc.asc'));
  });
});

describe('headers', () => {
  it('reads Prefer across headers and ignores unknown preferences', () => {
    expect(parsePrefer(['return=representation', 'count=exact, resolution=merge-duplicates', 'tx=rollback'])).toEqual({
      return: 'representation',
      count: true,
      resolution: 'merge-duplicates',
      missingDefault: false,
      applied: ['return=representation', 'count=exact', 'resolution=merge-duplicates'],
    });
    expect(parsePrefer(undefined)).toMatchObject({ return: 'minimal', count: false });
  });
  it('reads Accept: arrays, single objects, stripped nulls; refuses other media types', () => {
    expect(parseAccept(undefined)).toEqual({ singular: false, stripNulls: false });
    expect(parseAccept('application/json, text/plain, */*')).toEqual({ singular: false, stripNulls: false });
    expect(parseAccept('application/vnd.pgrst.object+json')).toEqual({ singular: true, stripNulls: false });
    expect(parseAccept('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({ singular: true, stripNulls: true });
    refused(() => parseAccept('text/csv'), 'PGRST107');
  });
  it('reads Range', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRange('5-')).toEqual({ offset: 5 });
    expect(parseRange('9-0')).toBeUndefined();
    expect(parseRange('bytes')).toBeUndefined();
  });
  it('splits quoted lists', () => {
    expect(parseList('a,"b,c","d \\"e\\""', 'x')).toEqual(['a', 'b,c', 'd "e"']);
    expect(parseList('', 'x')).toEqual([]);
  });
});

describe('SQL', () => {
  const schema: TableSchema = (() => {
    const columns = [
      { name: 'id', type: 'text', json: false, array: false },
      { name: 'user_id', type: 'uuid', json: false, array: false },
      { name: 'parameters', type: 'jsonb', json: true, array: false },
      { name: 'tags', type: 'text[]', json: false, array: true },
    ];
    return { name: 'missions', columns, byName: new Map(columns.map((c) => [c.name, c])), primaryKey: ['id'] };
  })();

  it('binds every value and quotes every identifier', () => {
    const statement = buildRead(schema, parseQuery("id=eq.x'); drop table missions; --&or=(id.ilike.*a*,user_id.is.null)&order=id.desc"), {
      head: false,
      count: true,
      stripNulls: false,
      offset: 0,
      limit: 20,
    });
    expect(statement.sql).not.toContain('drop table');
    expect(statement.sql).toContain(`"id" = CAST($1::text AS text)`);
    expect(statement.sql).toContain(`("id"::text ILIKE $2::text OR "user_id" IS NULL)`);
    expect(statement.sql).toContain('ORDER BY "id" DESC');
    expect(statement.parameters).toEqual(["x'); drop table missions; --", '%a%', '20', '0']);
  });

  it('writes JSON for jsonb and array literals for arrays', () => {
    const statement = buildUpdate(schema, parseQuery('id=eq.1'), { parameters: { a: 'b' }, tags: ['x', 'y "z"', null] }, { returning: null, stripNulls: false });
    expect(statement.parameters).toEqual(['{"a":"b"}', '{"x","y \\"z\\"",NULL}', '1']);
    expect(columnValue(schema.columns[2], 'text')).toBe('"text"');
    expect(columnValue(schema.columns[0], 42)).toBe('42');
    expect(columnValue(schema.columns[0], null)).toBeNull();
    expect(arrayLiteral([['a'], ['b']])).toBe('{{"a"},{"b"}}');
    refused(() => buildUpdate(schema, parseQuery(''), { nope: 1 }, { returning: null, stripNulls: false }), 'PGRST204');
    refused(() => buildRead(schema, parseQuery('nope=eq.1'), { head: false, count: false, stripNulls: false, offset: 0, limit: 1 }), '42703');
  });
});
