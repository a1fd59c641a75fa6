// Which knowledge collections the agent's "internal knowledge base search" may read: none ticked means
// all of the library's collections. Shown once the agent or one of its steps uses that tool, with a link to
// Knowledge, where the collections are made and filled.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Checkbox, FormHint, FormRow, FormSection } from '@accent/shared/ui';
import { useAgentsEnv, type KnowledgeCollectionChoice } from '../state/AgentsDataContext.js';
import { useDraft } from '../state/editor.js';
import styles from './Editor.module.css';

/** the shell's Knowledge screen */
export const KNOWLEDGE_PATH = '/knowledge';

export const KNOWLEDGE_PICKER_TEXTS = {
  title: 'Knowledge collections',
  hintAll: 'Knowledge base search reads all of the library’s collections. Tick collections to limit it to them.',
  hintSome: (n: number) => `Knowledge base search reads only the ${n === 1 ? 'collection' : `${n} collections`} ticked here.`,
  none: 'No knowledge collections yet. An administrator adds them under',
  manage: 'Collections are made and filled under',
  failed: 'Could not load the knowledge collections.',
} as const;

export function KnowledgePicker() {
  const { api } = useAgentsEnv();
  const [agent, update] = useDraft();
  const [collections, setCollections] = useState<KnowledgeCollectionChoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  const chosen = agent.knowledgeCollections ?? [];

  useEffect(() => {
    let live = true;
    if (!api.knowledgeCollections) return;
    api.knowledgeCollections().then(
      (list) => live && setCollections(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (!api.knowledgeCollections) return null;
  const toggle = (id: string, on: boolean) =>
    update((a) => {
      const current = a.knowledgeCollections ?? [];
      return { ...a, knowledgeCollections: on ? [...current.filter((c) => c !== id), id] : current.filter((c) => c !== id) };
    });
  const knowledgeLink = <Link to={KNOWLEDGE_PATH}>Knowledge</Link>;
  // ids of collections deleted since are not shown and not kept
  const known = collections?.filter((c) => chosen.includes(c.id)).length ?? 0;

  return (
    <FormSection as="fieldset" title={KNOWLEDGE_PICKER_TEXTS.title}>
      {failed && <p className={styles.empty}>{KNOWLEDGE_PICKER_TEXTS.failed}</p>}
      {collections && collections.length === 0 && (
        <p className={styles.empty}>
          {KNOWLEDGE_PICKER_TEXTS.none} {knowledgeLink}.
        </p>
      )}
      {collections && collections.length > 0 && (
        <>
          <FormHint>
            {known ? KNOWLEDGE_PICKER_TEXTS.hintSome(known) : KNOWLEDGE_PICKER_TEXTS.hintAll} {KNOWLEDGE_PICKER_TEXTS.manage} {knowledgeLink}.
          </FormHint>
          <FormRow>
            {collections.map((c) => (
              <Checkbox key={c.id} label={c.name} checked={chosen.includes(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
            ))}
          </FormRow>
        </>
      )}
    </FormSection>
  );
}
