// Display labels of the editor's enumerations (the values themselves come from @accent/shared).
import type { BackgroundDeliveryChannel, BackgroundOutputFormat, BackgroundPermission, BackgroundScheduleType } from '@accent/background-common';

export const SCHEDULE_TYPE_LABELS: Readonly<Record<BackgroundScheduleType, string>> = {
  interval: 'Interval',
  cron: 'Cron Expression',
  event: 'Event Triggered',
};

export const OUTPUT_FORMAT_LABELS: Readonly<Record<BackgroundOutputFormat, string>> = {
  markdown: 'Markdown',
  html: 'HTML',
  json: 'JSON',
  csv: 'CSV',
  pdf: 'PDF',
  slack_blocks: 'Slack Blocks',
};

export const DELIVERY_CHANNEL_LABELS: Readonly<Record<BackgroundDeliveryChannel, string>> = {
  email: 'Email',
  slack: 'Slack',
  sms: 'SMS',
  webhook: 'Webhook',
  dashboard: 'Dashboard',
};

export const PERMISSION_LABELS: Readonly<Record<BackgroundPermission, string>> = {
  read_crm: 'Read CRM data',
  write_crm: 'Write CRM data',
  read_emails: 'Read emails',
  send_emails: 'Send emails',
  post_slack: 'Post to Slack',
  send_sms: 'Send SMS',
  web_scraping: 'Web scraping',
  api_calls: 'External API calls',
};

export const ICON_NAMES = ['robot', 'bell', 'chart', 'warning', 'target', 'magnifier', 'green heart', 'envelope', 'alarm clock', 'rocket', 'briefcase', 'rising chart'] as const;
