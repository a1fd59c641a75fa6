// The state of an Admin form whose errors stand at its fields (Add user, Invite user, a key, a remote's
// entry, a version): the values, each field's error, an error about the whole form and whether it is
// sending. One place decides where an error goes: at its field (the first one focused, in the form's
// order), or above the buttons when it names no field of the form.
import { useRef, useState } from 'react';
import { errorMessage, fieldErrorOf } from './format.js';

export type FieldErrors = Partial<Record<string, string>>;
/** the binding `field(name)` hands a control, for a part of a form that binds only these names */
export type FieldBinder<N extends string> = (name: N) => {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (e: { currentTarget: { value: string } }) => void;
};
export type FieldError = { field: string; message: string } | null;

export function useFieldForm<V extends Record<string, string>>(initial: V | (() => V), fields: readonly (keyof V & string)[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** a typed or chosen value (the control's string; a select offers only its type's values) clears that field's error */
  const set = (key: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** what binds a control to a value: its name (for focus), value, error and change */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value),
  });

  /** shows the errors at their fields and focuses the first; true when there was one */
  const show = (found: FieldErrors): boolean => {
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return first !== undefined;
  };

  /**
   * Sends: clears the form's error, busy meanwhile (it stays busy after success: the dialog closes). A
   * refusal naming one of the fields (`email: …`, or what `fieldOf` finds) goes to it, anything else
   * above the buttons (`messageOf`, by default the error's own message).
   */
  const send = async (task: () => Promise<void>, fieldOf: (e: unknown) => FieldError = (e) => fieldErrorOf(e, fields), messageOf = errorMessage) => {
    setFormError(null);
    setBusy(true);
    try {
      await task();
    } catch (e) {
      setBusy(false);
      const field = fieldOf(e);
      if (field) show({ [field.field]: field.message });
      else setFormError(messageOf(e));
    }
  };

  /** what a FormDialog takes from this state: busy, the form's error and the form (to focus a field in) */
  const dialog = { busy, error: formError, formRef };

  return { dialog, formRef, values, setValues, set, field, errors, formError, setFormError, busy, setBusy, show, send };
}
