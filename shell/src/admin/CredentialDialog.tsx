// "Set key" / "Replace": the provider's or connector's fields (secrets in password inputs), checked with
// the shared definition's schema, sent with PUT. A field left blank keeps its stored value (secrets are
// never shown back); what was typed is dropped as soon as it is saved or the dialog closes.
import { useId, useRef, useState, type FormEvent } from 'react';
import { findCredentialDefinition, type CredentialItem } from '@accent/shell-common';
import { toast } from '@accent/shared/client';
import { Button, Modal, TextField } from '@accent/shared/ui';
import { displayNameOf } from './credentialInfo.js';
import { errorMessage, fieldErrorOf } from './format.js';
import { useAdminServices } from './services.js';
import styles from './Admin.module.css';

export interface CredentialDialogProps {
  item: CredentialItem;
  onClose: () => void;
  onSaved: (item: CredentialItem) => void;
}

const emptyValues = (item: CredentialItem) => Object.fromEntries(item.fields.map((f) => [f.name, ''])) as Record<string, string>;

function inputTypeOf(name: string, secret: boolean): string {
  if (secret) return 'password';
  if (/url$/i.test(name)) return 'url';
  if (name === 'from') return 'email';
  return 'text';
}

/** Render it only while open. */
export function CredentialDialog({ item, onClose, onSaved }: CredentialDialogProps) {
  const { admin } = useAdminServices();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const name = displayNameOf(item);
  const stored = item.source === 'library';
  const [values, setValues] = useState<Record<string, string>>(() => emptyValues(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const focusField = (field: string) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const entered: Record<string, string> = {};
    for (const f of item.fields) {
      const v = (values[f.name] ?? '').trim();
      if (v) entered[f.name] = v;
    }
    if (Object.keys(entered).length === 0 && stored) {
      setFormError('Nothing to save: enter a new value for at least one field.');
      return;
    }
    // A blank field the library already has is kept by the server: its "required" is no error here.
    const definition = findCredentialDefinition(item.kind, item.key);
    const kept = new Set(item.fields.filter((f) => f.set && !entered[f.name]).map((f) => f.name));
    const found: Record<string, string> = {};
    const parsed = definition?.schema.safeParse(entered);
    if (parsed && !parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (!kept.has(field) && !(field in found)) found[field] = issue.message;
      }
    }
    const invalid = item.fields.find((f) => found[f.name]);
    if (invalid) {
      setErrors(found);
      focusField(invalid.name);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await admin.putCredential(item.kind, item.key, entered);
      setValues(emptyValues(item));
      toast.success(`${name} key saved`, 'Only a masked hint is shown from now on.');
      onSaved(saved);
    } catch (e) {
      setBusy(false);
      const field = fieldErrorOf(
        e,
        item.fields.map((f) => f.name),
      );
      if (field) {
        setErrors({ [field.field]: field.message });
        focusField(field.field);
      } else {
        setFormError(errorMessage(e));
      }
    }
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={stored ? `Replace ${name} key` : `Set ${name} key`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className={styles.form} onSubmit={submit} noValidate autoComplete="off">
        <p className={styles.formLead}>
          {stored
            ? 'Enter the values to change. A field left blank keeps its current value.'
            : 'The values are stored encrypted for this library and are never shown again.'}
        </p>
        {item.fields.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            name={f.name}
            type={inputTypeOf(f.name, f.secret)}
            required={f.required && !f.set}
            autoComplete={f.secret ? 'new-password' : 'off'}
            spellCheck={false}
            autoCapitalize="off"
            value={values[f.name] ?? ''}
            error={errors[f.name]}
            hint={f.set ? 'Set. Leave blank to keep the current value.' : f.required ? undefined : 'Optional.'}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((prev) => ({ ...prev, [f.name]: v }));
              setErrors((prev) => ({ ...prev, [f.name]: '' }));
            }}
          />
        ))}
        {formError && (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
