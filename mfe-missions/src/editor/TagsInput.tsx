import { useId, useState, type KeyboardEvent } from 'react';
import styles from './Editor.module.css';

/** Tags as chips: Enter or a comma adds the typed tag, each chip has a remove button, Backspace in the empty field removes the last. */
export function TagsInput({ tags, onChange, disabled }: { tags: string[]; onChange(tags: string[]): void; disabled?: boolean }) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const hintId = useId();
  const add = () => {
    const next = draft
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t && !tags.includes(t));
    if (next.length) onChange([...tags, ...new Set(next)]);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !draft && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };
  return (
    <div className={styles.tagsField}>
      <label htmlFor={inputId} className={styles.label}>
        Tags
      </label>
      <div className={styles.tagsBox}>
        <ul className={styles.chips} aria-label="Tags added">
          {tags.map((tag) => (
            <li key={tag} className={styles.chip}>
              <span>{tag}</span>
              <button type="button" className={styles.chipRemove} aria-label={`Remove tag ${tag}`} onClick={() => onChange(tags.filter((t) => t !== tag))} disabled={disabled}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          className={styles.tagsInput}
          value={draft}
          placeholder={tags.length ? '' : 'Add a tag'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add()}
          aria-describedby={hintId}
          disabled={disabled}
        />
      </div>
      <span id={hintId} className={styles.hint}>
        Press Enter or comma to add a tag.
      </span>
    </div>
  );
}
