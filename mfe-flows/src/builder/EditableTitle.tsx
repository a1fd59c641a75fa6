import { useRef, useState } from 'react';
import styles from './Builder.module.css';

/** The click-to-rename title: Enter or leaving the field commits, Escape cancels. */
export function EditableTitle({ name, onCommit }: { name: string; onCommit: (name: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const done = useRef(false);
  if (!editing)
    return (
      <h1 className={styles.title}>
        <button
          type="button"
          className={styles.titleButton}
          title="Click to rename"
          onClick={() => {
            setDraft(name);
            done.current = false;
            setEditing(true);
          }}
        >
          {name}
        </button>
      </h1>
    );
  const finish = (commit: boolean) => {
    if (done.current) return;
    done.current = true;
    setEditing(false);
    if (commit) onCommit(draft);
  };
  return (
    <input
      className={styles.titleInput}
      aria-label="Flow name"
      value={draft}
      // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to rename; focus follows that request
      autoFocus
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(false);
        }
      }}
    />
  );
}
