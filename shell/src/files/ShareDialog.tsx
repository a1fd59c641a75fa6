// "Copy share link": a signed URL of the file that works without signing in until it expires (1 hour,
// 1 day or 7 days), copied to the clipboard with a toast. The link also stays in the dialog, selectable,
// for a browser that refuses clipboard access.
import { useState } from 'react';
import { toast } from '@accent/shared/client';
import { FormDialog, Select, TextField } from '@accent/shared/ui';
import { errorText, type FilesApi } from './files-api.js';
import type { FileEntry } from './paths.js';

export const SHARE_EXPIRIES = [
  { value: String(60 * 60), label: '1 hour' },
  { value: String(24 * 60 * 60), label: '1 day' },
  { value: String(7 * 24 * 60 * 60), label: '7 days' },
] as const;

export interface ShareDialogProps {
  api: FilesApi;
  bucket: string;
  entry: FileEntry;
  onClose: () => void;
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function ShareDialog({ api, bucket, entry, onClose }: ShareDialogProps) {
  const [expiry, setExpiry] = useState<string>(SHARE_EXPIRIES[1].value);
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const expiryLabel = SHARE_EXPIRIES.find((e) => e.value === expiry)?.label ?? '';

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const url = await api.signedUrl(bucket, entry.path, Number(expiry));
      setLink(url);
      if (await copyToClipboard(url)) toast.success('Link copied', `Anyone with the link can open ${entry.name} for ${expiryLabel}.`);
      else toast.info('Link created', 'Copy it from the dialog: this browser did not allow the clipboard.');
    } catch (e) {
      setError(`The link could not be created: ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={`Share ${entry.name}`}
      submitLabel="Copy share link"
      cancelLabel="Close"
      onClose={onClose}
      onSubmit={() => void create()}
      busy={busy}
      error={error}
    >
      <Select
        label="Link expires after"
        options={SHARE_EXPIRIES}
        value={expiry}
        onChange={(e) => {
          setExpiry(e.target.value);
          setLink(null);
        }}
        data-autofocus
      />
      {link && <TextField label="Share link" value={link} readOnly onFocus={(e) => e.target.select()} hint={`Valid for ${expiryLabel}.`} />}
    </FormDialog>
  );
}
