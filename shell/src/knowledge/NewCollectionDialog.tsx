// The "New collection" dialog: name, description and the embedding provider and model (fixed afterwards:
// the stored vectors depend on them).
import { useState } from 'react';
import { FormDialog, Select, TextArea, TextField } from '@accent/shared/ui';
import { DEFAULT_EMBEDDING_MODELS, type EmbeddingProvider, type KnowledgeCollection } from '@accent/shell-common';
import { useKnowledgeApi } from './knowledge-api.js';
import { KNOWLEDGE_TEXTS as T, PROVIDER_OPTIONS, reasonOf } from './texts.js';

export function NewCollectionDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (collection: KnowledgeCollection) => void;
}) {
  const knowledge = useKnowledgeApi();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [provider, setProvider] = useState<EmbeddingProvider>('openai');
  const [model, setModel] = useState(DEFAULT_EMBEDDING_MODELS.openai);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const created = await knowledge.create({ name, description, embedding_provider: provider, embedding_model: model });
      setName('');
      setDescription('');
      onCreated(created);
    } catch (err) {
      setError(reasonOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={T.newCollection}
      submitLabel={T.create}
      cancelLabel={T.cancel}
      onClose={onClose}
      onSubmit={submit}
      busy={saving}
      noValidate={false}
    >
      <TextField label={T.name} value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} data-autofocus error={error} />
      <TextArea label={T.description} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} rows={2} />
      <Select
        label={T.provider}
        options={PROVIDER_OPTIONS}
        value={provider}
        onChange={(e) => {
          const next = e.target.value as EmbeddingProvider;
          setProvider(next);
          setModel(DEFAULT_EMBEDDING_MODELS[next]);
        }}
      />
      <TextField label={T.model} value={model} onChange={(e) => setModel(e.target.value)} required maxLength={200} />
    </FormDialog>
  );
}
