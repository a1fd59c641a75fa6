import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { TextField } from '@accent/shared/ui';

export interface NumberFieldProps {
  label: string;
  value: number;
  /** called on every edit; an empty or unreadable entry is reported as NaN so a save is refused */
  onChange(value: number): void;
  /** the shared zod schema of the field: its messages are shown inline */
  schema: ZodType;
  min?: number;
  max?: number;
  step?: number;
  hint?: string;
  id?: string;
}

const toText = (n: number) => (Number.isFinite(n) ? String(n) : '');
/** Whether `offset` is a whole number of steps (within floating-point noise). */
const isOnStep = (offset: number, step: number) => Math.abs(offset / step - Math.round(offset / step)) < 1e-9;
export const offStepHint = (value: number, step: number) => `${value} is kept as typed (the arrows move in steps of ${step}).`;
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** A number input with min/max/step and the schema's inline validation message. */
export function NumberField({ label, value, onChange, schema, min, max, step, hint, id }: NumberFieldProps) {
  const [text, setText] = useState(() => toText(value));
  // Follow outside changes (e.g. another agent opened) without fighting the user's typing.
  useEffect(() => {
    setText((current) => (Object.is(toNumber(current), value) ? current : toText(value)));
  }, [value]);
  const result = schema.safeParse(toNumber(text));
  const error = result.success ? undefined : result.error.issues[0]?.message;
  // The schema takes any value in range (0.15 for a temperature) while the browser flags one between the
  // arrows' steps as invalid: say that it is kept, rather than leave a red field without a word.
  const n = toNumber(text);
  const offStep = !error && step !== undefined && Number.isFinite(n) && !isOnStep(n - (min ?? 0), step);
  return (
    <TextField
      id={id}
      label={label}
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      step={step ?? 1}
      value={text}
      error={error}
      hint={offStep ? offStepHint(n, step!) : hint}
      onChange={(e) => {
        setText(e.target.value);
        onChange(toNumber(e.target.value));
      }}
    />
  );
}
