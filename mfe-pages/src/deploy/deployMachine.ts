// The deployment screen's states (spec 02 §2.5, §4.5, §9) as a pure reducer: deploying with a status
// message that changes every 2 s to a different random one of six, success once 8 s have passed AND the
// publish call answered (an error with Retry when it failed), confetti for 3 s after success.
import { CONFETTI_MS, DEPLOY_MESSAGE_ROTATION_MS, DEPLOY_SUCCESS_AFTER_MS, type PublishPageResponse } from '@accent/pages-common';

export const DEPLOY_TEXTS = {
  title: 'Deploying Your AI Interface',
  success: 'Deployment Successful!',
  successText: 'Your AI interface has been deployed and is ready to revolutionize your workflow.',
  seePage: 'See Your Page',
  buildAnother: 'Build Another',
  failed: 'Deployment Failed',
  retry: 'Retry',
} as const;

export const DEPLOY_STATUS_MESSAGES = [
  'Initializing deployment pipeline...',
  'Optimizing AI components...',
  'Configuring your assistant...',
  'Setting up secure endpoints...',
  'Publishing to your live link...',
  'Running final quality checks...',
] as const;

export { CONFETTI_MS, DEPLOY_MESSAGE_ROTATION_MS, DEPLOY_SUCCESS_AFTER_MS };

export interface DeployState {
  phase: 'deploying' | 'success' | 'error';
  messageIndex: number;
  /** status changes so far (drives the progress bar) */
  ticks: number;
  /** the 8 seconds have passed */
  elapsed: boolean;
  result: PublishPageResponse | null;
  error: string | null;
  confetti: boolean;
  /** increases with every Retry: a new publish call */
  attempt: number;
}

export type DeployEvent =
  | { type: 'tick'; random: number }
  | { type: 'elapsed' }
  | { type: 'published'; result: PublishPageResponse }
  | { type: 'failed'; error: string }
  | { type: 'retry' }
  | { type: 'confettiDone' };

export const initialDeployState = (attempt = 0): DeployState => ({
  phase: 'deploying',
  messageIndex: 0,
  ticks: 0,
  elapsed: false,
  result: null,
  error: null,
  confetti: false,
  attempt,
});

/** A random message index different from `current` (`random` in [0, 1)). */
export function nextMessageIndex(current: number, random: number, count: number = DEPLOY_STATUS_MESSAGES.length): number {
  const pick = Math.min(count - 2, Math.floor(random * (count - 1)));
  return pick >= current ? pick + 1 : pick;
}

const succeed = (state: DeployState): DeployState => ({ ...state, phase: 'success', confetti: true });

export function deployReducer(state: DeployState, event: DeployEvent): DeployState {
  switch (event.type) {
    case 'tick':
      return state.phase === 'deploying' ? { ...state, messageIndex: nextMessageIndex(state.messageIndex, event.random), ticks: state.ticks + 1 } : state;
    case 'elapsed':
      if (state.phase !== 'deploying') return state;
      return state.result ? succeed({ ...state, elapsed: true }) : { ...state, elapsed: true };
    case 'published':
      if (state.phase !== 'deploying') return state;
      return state.elapsed ? succeed({ ...state, result: event.result }) : { ...state, result: event.result };
    case 'failed':
      return state.phase === 'deploying' ? { ...state, phase: 'error', error: event.error } : state;
    case 'retry':
      return state.phase === 'error' ? initialDeployState(state.attempt + 1) : state;
    case 'confettiDone':
      return { ...state, confetti: false };
  }
}

/** The progress bar: a step per status change while deploying, full on success. */
export function deployProgress(state: DeployState): number {
  if (state.phase === 'success') return 100;
  const steps = DEPLOY_SUCCESS_AFTER_MS / DEPLOY_MESSAGE_ROTATION_MS;
  return Math.min(95, Math.round(((state.ticks + 1) / (steps + 1)) * 100));
}
