// "Save version…": names the flow as it is now. Pending edits are saved first (the server keeps the
// stored flow), then the server records the version; the name is checked by the server's own schema.
import { useState, type FormEvent } from 'react';
import { FLOW_VERSION_NAME_MAX, flowVersionCreateSchema } from '@accent/flows-common';
import { Button, Modal, TextField } from '@accent/shared/ui';
import { errorMessage, useFlowsEnv } from '../state/FlowsDataContext.js';

export const SAVE_VERSION_TEXTS = {
  title: 'Save version',
  name: 'Version name',
  save: 'Save version',
  saved: 'Version saved',
  savedText: (n: number, name: string) => `Version ${n} "${name}" was saved.`,
  failed: 'Could not save the version',
} as const;

export interface SaveVersionDialogProps {
  open: boolean;
  flowId: string;
  flush: () => Promise<boolean>;
  onSaved: (number: number) => void;
  onClose: () => void;
}

export function SaveVersionDialog({ open, flowId, flush, onSaved, onClose }: SaveVersionDialogProps) {
  const { api, notify } = useFlowsEnv();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = flowVersionCreateSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    setError(null);
    try {
      if (!(await flush())) throw new Error('The flow could not be saved first.');
      const number = await api.saveFlowVersion(flowId, parsed.data.name);
      notify.success(SAVE_VERSION_TEXTS.saved, SAVE_VERSION_TEXTS.savedText(number, parsed.data.name));
      setName('');
      onSaved(number);
      onClose();
    } catch (err) {
      setError(`${SAVE_VERSION_TEXTS.failed}: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={() => !busy && onClose()}
      title={SAVE_VERSION_TEXTS.title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="save-flow-version" loading={busy}>
            {SAVE_VERSION_TEXTS.save}
          </Button>
        </>
      }
    >
      <form id="save-flow-version" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={SAVE_VERSION_TEXTS.name} value={name} maxLength={FLOW_VERSION_NAME_MAX} onChange={(e) => setName(e.target.value)} error={error ?? undefined} data-autofocus />
      </form>
    </Modal>
  );
}
