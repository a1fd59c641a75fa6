// The column types the areas' kysely table files share (each area keeps its tables' row types next to its
// code, so it does not edit the shared DB interface; kysely's withTables adds them to the server's handle).
import type { ColumnType } from 'kysely';

/** timestamptz with a default: read as Date, written as Date or ISO string, left out on insert. */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** timestamptz that may be null (and left out on insert). */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A column that may be null (and left out on insert). */
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A column with a default of the same type: given or left out on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A uuid key with a default: given or left out on insert, never updated. */
export type RowId = ColumnType<string, string | undefined, never>;
/** Set by the database alone: read, never inserted or updated. */
export type ReadOnly<T> = ColumnType<T, never, never>;
/** Set by the database on insert, by the code later (a use, a last use). */
export type StampedLater<T extends Date | null> = ColumnType<T, never, Date | string>;
