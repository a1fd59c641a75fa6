import { Checkbox, FormHint, FormSection, TextField } from '@accent/shared/ui';
import type { FormErrors, MissionForm } from './form.js';
import styles from './Editor.module.css';

/** The chosen channels: a checkbox each, and the address it needs once ticked. */
const CHANNELS = [
  {
    on: 'emailOn',
    value: 'email',
    label: 'Email',
    id: 'mission-email',
    fieldLabel: 'Email address',
    type: 'email',
    placeholder: 'name@company.com',
    error: 'delivery.email',
  },
  {
    on: 'webhookOn',
    value: 'webhookUrl',
    label: 'Webhook',
    id: 'mission-webhook',
    fieldLabel: 'Webhook URL',
    type: 'url',
    placeholder: 'https://',
    error: 'delivery.webhookUrl',
  },
] as const;

/** Where results go: the feed always, email and a webhook when chosen. */
export function DeliveryFields({ form, errors, onChange }: { form: MissionForm; errors: FormErrors; onChange(patch: Partial<MissionForm>): void }) {
  return (
    <FormSection as="fieldset" title="Delivery">
      <div className={styles.deliveryRows}>
        <div>
          <Checkbox label="Results feed" checked disabled readOnly />
          <FormHint>Always on: every result appears in Mission results.</FormHint>
        </div>
        {CHANNELS.map((c) => (
          <div key={c.on} className={styles.deliveryRow}>
            <Checkbox label={c.label} checked={form[c.on]} onChange={(e) => onChange({ [c.on]: e.target.checked })} />
            {form[c.on] && (
              <TextField
                id={c.id}
                label={c.fieldLabel}
                type={c.type}
                required
                value={form[c.value]}
                placeholder={c.placeholder}
                error={errors[c.error]}
                onChange={(e) => onChange({ [c.value]: e.target.value })}
              />
            )}
          </div>
        ))}
      </div>
    </FormSection>
  );
}
