// Asks for a name (New folder, Rename): refuses what cannot be a name, or one already taken here, at the field.
import { useState } from 'react';
import { FormDialog, TextField } from '@accent/shared/ui';
import { errorText } from './files-api.js';
import { nameProblem } from './paths.js';

export interface NameDialogProps {
  title: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /** names already used in the folder */
  taken: readonly string[];
  /** resolves when done; a rejection's message is shown in the dialog */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

export function NameDialog({ title, label, submitLabel, initial = '', taken, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = () => {
    const trimmed = name.trim();
    if (trimmed === initial) return onClose();
    const problem = nameProblem(trimmed, taken);
    if (problem) return setError(problem);
    setBusy(true);
    onSubmit(trimmed).then(onClose, (e: unknown) => {
      setError(errorText(e));
      setBusy(false);
    });
  };

  return (
    <FormDialog title={title} submitLabel={submitLabel} size="sm" onClose={onClose} onSubmit={submit} busy={busy}>
      <TextField
        label={label}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        error={error ?? undefined}
        data-autofocus
        onFocus={(e) => {
          // select the name without its extension, ready to be typed over
          const dot = e.target.value.lastIndexOf('.');
          e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
        }}
      />
    </FormDialog>
  );
}
