// The card that groups a form's fields (a titled section, or a fieldset whose legend is the title) and the grid
// that lays fields out in rows, so every editor, create dialog and run form draws its blocks alike.
import type { ReactNode } from 'react';
import { Button } from './Button.js';
import { cx } from './class-names.js';
import styles from './FormSection.module.css';

export interface FormSectionProps {
  title: ReactNode;
  /** a sentence under the title */
  description?: ReactNode;
  /** at the right of the title (an "Add" button) */
  actions?: ReactNode;
  /** `fieldset` for a group of controls answering one question (radios, checkboxes): the title becomes its legend */
  as?: 'section' | 'fieldset';
  /** the heading level of a `section`'s title (3 inside a tabbed editor) */
  level?: 2 | 3;
  /** the title's id; a `section` is named by it */
  titleId?: string;
  className?: string;
  children?: ReactNode;
}

export function FormSection({ title, description, actions, as = 'section', level = 2, titleId, className, children }: FormSectionProps) {
  const hint = description ? <p className={styles.hint}>{description}</p> : null;
  if (as === 'fieldset') {
    return (
      <fieldset className={cx(styles.section, className)}>
        <legend className={styles.title} id={titleId}>
          {title}
        </legend>
        {hint}
        {children}
      </fieldset>
    );
  }
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className={cx(styles.section, className)} aria-labelledby={titleId}>
      <div className={styles.header}>
        <div>
          <Heading id={titleId} className={styles.title}>
            {title}
          </Heading>
          {hint}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

export interface FormGridProps {
  /** how many fields a row holds on a wide screen; narrower screens wrap them */
  columns?: 2 | 3 | 4;
  className?: string;
  children: ReactNode;
}

export function FormGrid({ columns = 2, className, children }: FormGridProps) {
  return <div className={cx(styles.grid, styles[`grid${columns}`], className)}>{children}</div>;
}

/** Fields side by side that keep their own width (checkboxes, a narrow number). */
export function FormRow({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx(styles.row, className)}>{children}</div>;
}

export interface ParamListProps extends Omit<FormSectionProps, 'as' | 'actions' | 'children'> {
  /** the add button's text ("Add Parameter") */
  addLabel: string;
  onAdd(): void;
  /** said when there is no row yet */
  emptyText: ReactNode;
  /** the rows: ParamListRow */
  children: ReactNode[];
}

/** A titled list of name / value rows with an add button (parameters of an agent or a mission). */
export function ParamList({ addLabel, onAdd, emptyText, children, ...section }: ParamListProps) {
  return (
    <FormSection
      {...section}
      actions={
        <Button size="sm" variant="secondary" onClick={onAdd}>
          {addLabel}
        </Button>
      }
    >
      {children.length === 0 ? <p className={styles.empty}>{emptyText}</p> : <ul className={styles.paramList}>{children}</ul>}
    </FormSection>
  );
}

export interface ParamListRowProps {
  /** the name and value fields */
  children: ReactNode;
  /** the remove button's accessible name ("Remove parameter 2") */
  removeLabel: string;
  onRemove(): void;
}

export function ParamListRow({ children, removeLabel, onRemove }: ParamListRowProps) {
  return (
    <li className={styles.paramRow}>
      {children}
      <Button variant="ghost" size="sm" className={styles.rowAction} aria-label={removeLabel} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}

/** A sentence that explains a field or a group, in a section's body (give it an id to describe a control by). */
export function FormHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.hint}>
      {children}
    </p>
  );
}
