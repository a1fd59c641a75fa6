// The setup the run-and-deliver tests share (missions, background agents): the model app plus a real SMTP
// sink and a webhook sink it may post to (private addresses allowed), each emptied before every test.
import { beforeEach } from '@jest/globals';
import { startHookSink, type HookSink } from './missions.js';
import { startAround, startModelApp, useStarted, type ModelApp, type ModelAppOptions } from './model-app.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

export interface DeliveryApp extends ModelApp {
  smtp: SmtpSink;
  hooks: HookSink;
}

export type DeliveryAppOptions = Omit<ModelAppOptions, 'env'> & {
  /** the sender the app's mail goes out as */
  from: string;
  /** more of the app's environment, which may point at the sinks */
  env?: (sinks: { smtp: SmtpSink; hooks: HookSink }) => Record<string, string>;
};

export async function startDeliveryApp({ from, env, ...options }: DeliveryAppOptions): Promise<DeliveryApp> {
  const smtp = await startSmtpSink();
  const hooks = await startHookSink();
  const app = await startAround([smtp, hooks], () =>
    startModelApp({ ...options, env: { SMTP_URL: smtp.url, SMTP_FROM: from, ALLOW_PRIVATE_WEBHOOKS: 'true', ...env?.({ smtp, hooks }) } }),
  );
  return { ...app, smtp, hooks };
}

/** `useStarted` for the delivery app; the sinks and the model's replies are reset before each test. */
export function useDeliveryApp(use: (started: DeliveryApp) => void, options: DeliveryAppOptions): void {
  const started = useStarted(() => startDeliveryApp(options), use);
  beforeEach(() => {
    const app = started();
    if (!app) return;
    app.model.reset();
    app.smtp.messages.length = 0;
    app.hooks.requests.length = 0;
    app.hooks.status = 200;
  });
}
