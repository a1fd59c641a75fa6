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
      hint={hint}
      onChange={(e) => {
        setText(e.target.value);
        onChange(toNumber(e.target.value));
      }}
    />
  );
}
