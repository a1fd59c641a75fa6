// Where the chosen channels deliver (not in the spec, which shows no delivery settings): shown only for
// the checked channels. Slack and SMS use the library's connector credentials (Admin → Credentials).
import type { BackgroundAgentConfig } from '@accent/background-common';
import { TextField } from '@accent/shared/ui';
import styles from './Editor.module.css';

type DeliveryFields = Pick<BackgroundAgentConfig, 'deliveryChannels' | 'emailRecipients' | 'smsRecipients' | 'webhookUrl'>;

export const DELIVERY_TEXTS = {
  emailRecipients: 'Email recipients',
  emailHint: 'Comma-separated; empty = your own address',
  smsRecipients: 'SMS recipients (E.164, comma-separated)',
  smsNote: "Sends through the library's SMS provider credentials (Admin → Credentials).",
  webhookUrl: 'Webhook URL',
  webhookHint: 'Receives a POST signed with the X-Accent-Signature header',
  slackNote: "Posts to the library's Slack incoming webhook (Admin → Credentials)",
} as const;

export function DeliverySettings({ config, onChange }: { config: DeliveryFields; onChange: <K extends 'emailRecipients' | 'smsRecipients' | 'webhookUrl'>(key: K, value: string) => void }) {
  const has = (channel: DeliveryFields['deliveryChannels'][number]) => config.deliveryChannels.includes(channel);
  if (!has('email') && !has('sms') && !has('webhook') && !has('slack')) return null;
  return (
    <div className={styles.group} data-testid="delivery-settings">
      {has('email') && (
        <TextField
          label={DELIVERY_TEXTS.emailRecipients}
          value={config.emailRecipients}
          placeholder="sales@example.com, lead@example.com"
          hint={DELIVERY_TEXTS.emailHint}
          onChange={(e) => onChange('emailRecipients', e.target.value)}
        />
      )}
      {has('slack') && <p className={styles.hint}>{DELIVERY_TEXTS.slackNote}</p>}
      {has('sms') && (
        <TextField
          label={DELIVERY_TEXTS.smsRecipients}
          value={config.smsRecipients}
          placeholder="+15551234567"
          inputMode="tel"
          hint={DELIVERY_TEXTS.smsNote}
          onChange={(e) => onChange('smsRecipients', e.target.value)}
        />
      )}
      {has('webhook') && (
        <TextField
          label={DELIVERY_TEXTS.webhookUrl}
          type="url"
          value={config.webhookUrl}
          placeholder="https://example.com/hooks/accent"
          hint={DELIVERY_TEXTS.webhookHint}
          onChange={(e) => onChange('webhookUrl', e.target.value)}
        />
      )}
    </div>
  );
}
