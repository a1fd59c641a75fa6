// Database errors that bad input causes (SQLSTATE classes 22 "data exception" and 23 "integrity
// constraint violation", and values too large to index) are the caller's mistake, not the server's:
// they become 4xx with a message a person understands instead of a 500. The statement failed, so its
// transaction rolled back and nothing was half-saved.
import { isDatabaseError, type DatabaseErrorLike } from '../gateway/errors.js';
import { HttpError } from './errors.js';

export const DATABASE_INPUT_MESSAGES = {
  unstorableCharacter: 'The request contains a character that cannot be stored (a NUL byte or invalid text)',
  wrongFormat: (type: string | undefined) => (type ? `A value in the request is not a valid ${type}` : 'A value in the request has the wrong format'),
  outOfRange: 'A number in the request is out of range',
  tooLong: 'A value in the request is too long',
  invalidDate: 'A date or time in the request is not valid',
  invalidValue: 'A value in the request is not valid',
  alreadyExists: (what: string | undefined) => (what ? `Something with this ${what} already exists` : 'This already exists'),
  missingReference: 'The request refers to something that does not exist',
  stillReferenced: 'This is still in use and cannot be removed',
  required: (column: string | undefined) => (column ? `${column} is required` : 'A required value is missing'),
  notAllowed: 'A value in the request is not allowed',
} as const;

/** Messages our own triggers raise (RAISE ... USING ERRCODE = 'check_violation') are written for people. */
const isConstraintDefault = (message: string) => /violates|new row for relation/i.test(message);

function messageFor(error: DatabaseErrorLike & { column?: string }): [number, string] | undefined {
  const { code, message } = error;
  if (code === '22021' || code === '22P05' || code === '22P06' || code === '22025') return [400, DATABASE_INPUT_MESSAGES.unstorableCharacter];
  if (code === '22P02') return [400, DATABASE_INPUT_MESSAGES.wrongFormat(/for type ([a-z ]+)/i.exec(message)?.[1])];
  if (code === '22003') return [400, DATABASE_INPUT_MESSAGES.outOfRange];
  if (code === '22001') return [400, DATABASE_INPUT_MESSAGES.tooLong];
  if (code === '22007' || code === '22008') return [400, DATABASE_INPUT_MESSAGES.invalidDate];
  if (code.startsWith('22')) return [400, DATABASE_INPUT_MESSAGES.invalidValue];
  if (code === '23505' || code === '23P01') return [409, DATABASE_INPUT_MESSAGES.alreadyExists(/Key \(([^)]+)\)=/.exec(error.detail ?? '')?.[1])];
  if (code === '23503') return /still referenced/.test(error.detail ?? message) ? [409, DATABASE_INPUT_MESSAGES.stillReferenced] : [400, DATABASE_INPUT_MESSAGES.missingReference];
  if (code === '23502') return [400, DATABASE_INPUT_MESSAGES.required(error.column ?? /column "([^"]+)"/.exec(message)?.[1])];
  if (code === '23514') return [400, isConstraintDefault(message) ? DATABASE_INPUT_MESSAGES.notAllowed : message];
  if (code.startsWith('23')) return [400, DATABASE_INPUT_MESSAGES.notAllowed];
  // 54000: e.g. a value too large for an index row
  if (code === '54000') return [400, DATABASE_INPUT_MESSAGES.tooLong];
  return undefined;
}

/** The HttpError for a database error caused by the request's input; undefined for anything else. */
export function inputErrorFromDatabase(error: unknown): HttpError | undefined {
  if (!isDatabaseError(error)) return undefined;
  const mapped = messageFor(error);
  return mapped ? new HttpError(mapped[0], mapped[1]) : undefined;
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable; try again in a moment';
/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * Whether an error says the database cannot be reached right now (stopped, restarting, failing over, a
 * connection killed), rather than anything about the request: SQLSTATE classes 08 (connection
 * exception) and 57P (shutdown, cannot connect now), 53300 (too many connections), refused or reset
 * sockets, and pg's own "Connection terminated" messages; followed through `cause` and AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (e.code.startsWith('08') || e.code.startsWith('57P') || e.code === '53300' || CONNECTION_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
