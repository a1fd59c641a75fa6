// The props editor of one canvas component (§2.6): free text, language limited to English, Spanish,
// French or German, colours with a colour picker, and the action-button list (add "New Action Button",
// remove). Save checks the props with the block's schema, hands a copy over and closes.
import { useState, type ReactNode } from 'react';
import { NEW_ACTION_BUTTON, PAGE_LANGUAGES, UNKNOWN_BLOCK_TYPE, type CanvasComponent } from '@accent/pages-common';
import { isBlockType, paletteItem, validateBlockProps } from './pages-canvas.js';
import { Button, Field, IconButton, Modal, Select, TextField } from '@accent/shared/ui';
import styles from './Builder.module.css';

export interface PropsEditorProps {
  component: CanvasComponent;
  onSave(props: Record<string, unknown>): void;
  onClose(): void;
}

type Draft = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function PropsEditor({ component, onSave, onClose }: PropsEditorProps) {
  const [draft, setDraft] = useState<Draft>(() => JSON.parse(JSON.stringify(component.props)) as Draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const known = isBlockType(component.type);
  const title = paletteItem(component.type)?.title ?? component.type;
  const set = (key: string, value: unknown) => setDraft((d) => ({ ...d, [key]: value }));

  const save = () => {
    const result = validateBlockProps(component.type, draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onSave(result.props);
    onClose();
  };

  const text = (key: string, label: string) => <TextField label={label} value={str(draft[key])} onChange={(e) => set(key, e.target.value)} error={errors[key]} />;
  const colour = (key: string, label: string) => <ColourField label={label} value={str(draft[key])} onChange={(v) => set(key, v)} error={errors[key]} />;

  let fields: ReactNode;
  switch (component.type) {
    case 'header':
      fields = (
        <>
          {text('title', 'Title')}
          {text('persona', 'Persona')}
          {colour('backgroundColor', 'Background colour')}
        </>
      );
      break;
    case 'crmData':
      fields = (
        <>
          {text('domain', 'Domain')}
          {text('customerName', 'Customer name')}
          {text('opportunityName', 'Opportunity name')}
          <Select
            label="Language"
            value={str(draft.language)}
            options={PAGE_LANGUAGES.map((l) => ({ value: l, label: l }))}
            onChange={(e) => set('language', e.target.value)}
            error={errors.language}
          />
        </>
      );
      break;
    case 'actionButtons':
      fields = <ButtonsField buttons={Array.isArray(draft.buttons) ? (draft.buttons as unknown[]).map(str) : []} onChange={(b) => set('buttons', b)} errors={errors} />;
      break;
    case 'responseArea':
      fields = (
        <>
          {text('title', 'Title')}
          {colour('backgroundColor', 'Background colour')}
        </>
      );
      break;
    case 'freeformChat':
      fields = (
        <>
          {text('placeholder', 'Placeholder')}
          {colour('backgroundColor', 'Background colour')}
        </>
      );
      break;
    default:
      fields = <p className={styles.unknownText}>{UNKNOWN_BLOCK_TYPE}</p>;
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit ${title}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {known && <Button onClick={save}>Save</Button>}
        </>
      }
    >
      <form
        className={styles.editorForm}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {fields}
        {errors._ && <p className={styles.errorText}>{errors._}</p>}
        {/* Enter in a field saves */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Modal>
  );
}

function ColourField({ label, value, onChange, error }: { label: string; value: string; onChange(v: string): void; error?: string }) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <span className={styles.colourRow}>
          <input {...control} className={styles.colourInput} type="color" value={/^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : '#000000'} onChange={(e) => onChange(e.target.value)} />
          <code aria-hidden="true">{value}</code>
        </span>
      )}
    </Field>
  );
}

function ButtonsField({ buttons, onChange, errors }: { buttons: string[]; onChange(buttons: string[]): void; errors: Record<string, string> }) {
  return (
    <fieldset className={styles.buttonsField}>
      <legend>Action buttons</legend>
      <ol className={styles.buttonList}>
        {buttons.map((b, i) => (
          <li key={i} className={styles.buttonRow}>
            <TextField
              label={`Action button ${i + 1}`}
              value={b}
              onChange={(e) => onChange(buttons.map((x, j) => (j === i ? e.target.value : x)))}
              error={errors[`buttons.${i}`]}
              fieldClassName={styles.grow}
            />
            <IconButton label={`Remove action button ${i + 1}`} onClick={() => onChange(buttons.filter((_, j) => j !== i))}>
              ×
            </IconButton>
          </li>
        ))}
      </ol>
      {errors.buttons && <p className={styles.errorText}>{errors.buttons}</p>}
      <Button variant="secondary" size="sm" onClick={() => onChange([...buttons, NEW_ACTION_BUTTON])}>
        Add Action Button
      </Button>
    </fieldset>
  );
}
