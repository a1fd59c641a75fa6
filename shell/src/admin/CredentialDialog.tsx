// "Set key" / "Replace": the provider's or connector's fields (secrets in password inputs), checked with
// the shared definition's schema, sent with PUT. A field left blank keeps its stored value (secrets are
// never shown back); what was typed is dropped as soon as it is saved or the dialog closes.
import { findCredentialDefinition, type CredentialItem } from '@accent/shell-common';
import { toast } from '@accent/shared/client';
import { FormDialog, TextField } from '@accent/shared/ui';
import { displayNameOf } from './credentialInfo.js';
import { issuesByField } from './format.js';
import { useAdminServices } from './services.js';
import { useFieldForm } from './useFieldForm.js';
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
  const name = displayNameOf(item);
  const stored = item.source === 'library';
  const form = useFieldForm(
    () => emptyValues(item),
    item.fields.map((f) => f.name),
  );
  const { values } = form;

  function submit() {
    form.setFormError(null);
    const entered: Record<string, string> = {};
    for (const f of item.fields) {
      const v = (values[f.name] ?? '').trim();
      if (v) entered[f.name] = v;
    }
    if (Object.keys(entered).length === 0 && stored) {
      form.setFormError('Nothing to save: enter a new value for at least one field.');
      return;
    }
    // A blank field the library already has is kept by the server: its "required" is no error here.
    const definition = findCredentialDefinition(item.kind, item.key);
    const kept = new Set(item.fields.filter((f) => f.set && !entered[f.name]).map((f) => f.name));
    const parsed = definition?.schema.safeParse(entered);
    const found = parsed && !parsed.success ? issuesByField(parsed.error.issues.filter((issue) => !kept.has(String(issue.path[0] ?? '')))) : {};
    if (form.show(found)) return;
    void form.send(async () => {
      const saved = await admin.putCredential(item.kind, item.key, entered);
      form.setValues(emptyValues(item));
      toast.success(`${name} key saved`, 'Only a masked hint is shown from now on.');
      onSaved(saved);
    });
  }

  return (
    <FormDialog
      title={stored ? `Replace ${name} key` : `Set ${name} key`}
      submitLabel="Save"
      onClose={onClose}
      onSubmit={submit}
      {...form.dialog}
      autoComplete="off"
    >
      <p className={styles.formLead}>
        {stored
          ? 'Enter the values to change. A field left blank keeps its current value.'
          : 'The values are stored encrypted for this library and are never shown again.'}
      </p>
      {item.fields.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          type={inputTypeOf(f.name, f.secret)}
          required={f.required && !f.set}
          autoComplete={f.secret ? 'new-password' : 'off'}
          spellCheck={false}
          autoCapitalize="off"
          hint={f.set ? 'Set. Leave blank to keep the current value.' : f.required ? undefined : 'Optional.'}
          {...form.field(f.name)}
        />
      ))}
    </FormDialog>
  );
}
