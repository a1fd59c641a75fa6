// Errors in PostgREST's shape: `{code, message, details, hint}` with PostgREST's HTTP status, so the
// browser's supabase-js client reports them exactly as it would against a hosted Supabase project.

export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class GatewayError extends Error {
  readonly details: string | null;
  readonly hint: string | null;
  /** extra response headers (WWW-Authenticate on 401) */
  readonly headers: Record<string, string>;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options: { details?: string | null; hint?: string | null; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'GatewayError';
    this.details = options.details ?? null;
    this.hint = options.hint ?? null;
    this.headers = options.headers ?? {};
  }

  body(): PostgrestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: the query string could not be parsed (or uses syntax this gateway refuses). */
export const parseError = (message: string, details: string | null = null, hint: string | null = null) =>
  new GatewayError(400, 'PGRST100', message, { details, hint });

/** 42703, as PostgreSQL (through PostgREST) answers a filter, order or select on a missing column. */
export const unknownColumn = (table: string, column: string) =>
  new GatewayError(400, '42703', `column ${table}.${column} does not exist`);

/** PGRST204: a column of the body, `columns` or `on_conflict` is not in the table. */
export const unknownPayloadColumn = (table: string, column: string) =>
  new GatewayError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const unknownTable = (table: string) =>
  new GatewayError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);

export const invalidBody = (details: string | null = null) => new GatewayError(400, 'PGRST102', 'Empty or invalid json', { details });

export const notSingular = (rows: number) =>
  new GatewayError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', { details: `The result contains ${rows} rows` });

/** A PostgreSQL error as pg and PGlite raise it. */
export interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  const e = error as Partial<DatabaseErrorLike> & { severity?: unknown };
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.message === 'string' && 'severity' in e;
}

/**
 * PostgREST's SQLSTATE → HTTP status table (docs.postgrest.org, "Errors"), with the caller always
 * authenticated (42501 → 403). 42883 (undefined function/operator) is 400 here: the gateway runs no
 * functions, so it can only come from a filter on an unsuitable type.
 */
export function statusForSqlState(code: string): number {
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42501') return 403;
  if (code === '42P01') return 404;
  if (code === '53400') return 500;
  if (code === 'P0001') return 400;
  const prefix = code.slice(0, 2);
  switch (prefix) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

export function fromDatabaseError(error: DatabaseErrorLike): GatewayError {
  return new GatewayError(statusForSqlState(error.code), error.code, error.message, { details: error.detail ?? null, hint: error.hint ?? null });
}
