// A modal form: the fields in the body, Cancel and the submit button in the footer, an error about the
// whole form above the buttons. While it is busy (sending) it cannot be closed, so a half-sent form is
// never dropped; the submit button shows the spinner.
import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { Button } from './Button.js';
import { cx } from './class-names.js';
import { Modal, type ModalSize } from './Modal.js';
import { Notice } from './Page.js';
import styles from './FormDialog.module.css';

export interface FormDialogProps {
  /** default true: render it only while open, so closing forgets what was typed */
  open?: boolean;
  title: ReactNode;
  submitLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** called with the form's submit event (already prevented) */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  busy?: boolean;
  submitDisabled?: boolean;
  /** e.g. the id of a sentence saying why the submit button is disabled */
  submitDescribedBy?: string;
  /** a failure that belongs to no field, shown as an alert above the buttons */
  error?: ReactNode;
  size?: ModalSize;
  formId?: string;
  formRef?: Ref<HTMLFormElement>;
  autoComplete?: 'on' | 'off';
  /** default true: the form checks its fields itself and says so at each; false lets the browser check `required` first */
  noValidate?: boolean;
  className?: string;
  children: ReactNode;
}

export function FormDialog({
  open = true,
  title,
  submitLabel,
  cancelLabel = 'Cancel',
  onSubmit,
  onClose,
  busy = false,
  submitDisabled,
  submitDescribedBy,
  error,
  size,
  formId,
  formRef,
  autoComplete,
  noValidate = true,
  className,
  children,
}: FormDialogProps) {
  const generatedId = useId();
  const id = formId ?? generatedId;
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={id} loading={busy} disabled={submitDisabled} aria-describedby={submitDescribedBy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={id}
        ref={formRef}
        className={cx(styles.form, className)}
        noValidate={noValidate}
        autoComplete={autoComplete}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit(event);
        }}
      >
        {children}
        {error && (
          <Notice tone="danger" role="alert">
            {error}
          </Notice>
        )}
      </form>
    </Modal>
  );
}
