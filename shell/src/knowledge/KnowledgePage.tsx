// /knowledge: the library's knowledge collections (left) and the chosen one's files, uploads and a
// search to try (right). Administrators change them; others see what agents can search.
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '@accent/shared/client';
import { Button, EmptyState, ErrorState, LoadingState } from '@accent/shared/ui';
import type { KnowledgeCollection } from '@accent/shell-common';
import { toast } from '@accent/shared/client';
import { Page } from '../app/Page.js';
import { CollectionPanel } from './CollectionPanel.js';
import { useKnowledgeApi } from './knowledge-api.js';
import styles from './Knowledge.module.css';
import { NewCollectionDialog } from './NewCollectionDialog.js';
import { KNOWLEDGE_TEXTS as T, reasonOf } from './texts.js';

export default function KnowledgePage() {
  const knowledge = useKnowledgeApi();
  const { user } = useSession();
  const canEdit = user?.role === 'admin';
  const [collections, setCollections] = useState<KnowledgeCollection[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const load = useCallback(async () => {
    try {
      const list = await knowledge.collections();
      setCollections(list);
      setLoadError(null);
      setSelected((current) => (current && list.some((c) => c.id === current) ? current : (list[0]?.id ?? null)));
    } catch (e) {
      setLoadError(reasonOf(e));
    }
  }, [knowledge]);

  useEffect(() => {
    void load();
  }, [load]);

  const chosen = collections?.find((c) => c.id === selected) ?? null;
  const newButton = canEdit && <Button onClick={() => setCreating(true)}>{T.newCollection}</Button>;

  let body: React.ReactNode;
  if (loadError) body = <ErrorState message={loadError} onRetry={() => void load()} />;
  else if (!collections) body = <LoadingState text={T.loading} />;
  else if (collections.length === 0) body = <EmptyState title={T.noCollections} text={T.noCollectionsText} action={newButton || undefined} />;
  else
    body = (
      <div className={styles.layout}>
        <nav aria-label={T.collections}>
          <ul className={styles.list}>
            {collections.map((c) => (
              <li key={c.id}>
                <button type="button" className={styles.item} aria-current={c.id === selected} onClick={() => setSelected(c.id)}>
                  {c.name}
                  <span className={styles.itemMeta}>
                    {c.file_count} {c.file_count === 1 ? 'file' : 'files'} · {c.embedding_model}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {chosen && (
          <CollectionPanel
            key={chosen.id}
            collection={chosen}
            canEdit={canEdit}
            onChanged={() => void load()}
            onDeleted={() => {
              setSelected(null);
              void load();
            }}
          />
        )}
      </div>
    );

  return (
    <Page title={T.title} description={T.lead} actions={collections?.length ? newButton : undefined}>
      {body}
      <NewCollectionDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          toast.success(T.created(created.name));
          setSelected(created.id);
          void load();
        }}
      />
    </Page>
  );
}
