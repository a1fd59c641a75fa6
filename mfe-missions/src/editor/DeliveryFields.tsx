import { Checkbox, FormHint, FormSection, TextField } from '@accent/shared/ui';
import type { FormErrors, MissionForm } from './form.js';
import styles from './Editor.module.css';

/** Where results go: the feed always, email and a webhook when chosen. */
export function DeliveryFields({ form, errors, onChange }: { form: MissionForm; errors: FormErrors; onChange(patch: Partial<MissionForm>): void }) {
  return (
    <FormSection as="fieldset" title="Delivery">
      <div className={styles.deliveryRows}>
        <div>
          <Checkbox label="Results feed" checked disabled readOnly />
          <FormHint>Always on: every result appears in Mission results.</FormHint>
        </div>
        <div className={styles.deliveryRow}>
          <Checkbox label="Email" checked={form.emailOn} onChange={(e) => onChange({ emailOn: e.target.checked })} />
          {form.emailOn && (
            <TextField
              id="mission-email"
              label="Email address"
              type="email"
              required
              value={form.email}
              placeholder="name@company.com"
              error={errors['delivery.email']}
              onChange={(e) => onChange({ email: e.target.value })}
            />
          )}
        </div>
        <div className={styles.deliveryRow}>
          <Checkbox label="Webhook" checked={form.webhookOn} onChange={(e) => onChange({ webhookOn: e.target.checked })} />
          {form.webhookOn && (
            <TextField
              id="mission-webhook"
              label="Webhook URL"
              type="url"
              required
              value={form.webhookUrl}
              placeholder="https://"
              error={errors['delivery.webhookUrl']}
              onChange={(e) => onChange({ webhookUrl: e.target.value })}
            />
          )}
        </div>
      </div>
    </FormSection>
  );
}
