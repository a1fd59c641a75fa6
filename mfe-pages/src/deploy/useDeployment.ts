// Runs the deployment state machine with real timers: one publish call per attempt, a status message
// every 2 s, the 8 s mark, and 3 s of confetti after success.
import { useEffect, useReducer, useRef } from 'react';
import type { PublishPageResponse } from '@accent/pages-common';
import { CONFETTI_MS, DEPLOY_MESSAGE_ROTATION_MS, DEPLOY_SUCCESS_AFTER_MS, deployReducer, initialDeployState, type DeployState } from './deployMachine.js';

export interface Deployment {
  state: DeployState;
  retry(): void;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The page could not be published.');

export function useDeployment(publish: () => Promise<PublishPageResponse>, random: () => number = Math.random): Deployment {
  const [state, dispatch] = useReducer(deployReducer, undefined, () => initialDeployState());
  const live = useRef(true);
  const started = useRef(-1);
  const publishRef = useRef(publish);
  publishRef.current = publish;
  const randomRef = useRef(random);
  randomRef.current = random;

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // One publish call per attempt (StrictMode runs effects twice: the ref keeps it to one).
  useEffect(() => {
    if (started.current === state.attempt) return;
    started.current = state.attempt;
    const attempt = state.attempt;
    const current = () => live.current && started.current === attempt;
    publishRef.current().then(
      (result) => current() && dispatch({ type: 'published', result }),
      (error: unknown) => current() && dispatch({ type: 'failed', error: messageOf(error) }),
    );
  }, [state.attempt]);

  const deploying = state.phase === 'deploying';
  useEffect(() => {
    if (!deploying) return;
    const rotation = setInterval(() => dispatch({ type: 'tick', random: randomRef.current() }), DEPLOY_MESSAGE_ROTATION_MS);
    const success = setTimeout(() => dispatch({ type: 'elapsed' }), DEPLOY_SUCCESS_AFTER_MS);
    return () => {
      clearInterval(rotation);
      clearTimeout(success);
    };
  }, [deploying, state.attempt]);

  useEffect(() => {
    if (!state.confetti) return;
    const timer = setTimeout(() => dispatch({ type: 'confettiDone' }), CONFETTI_MS);
    return () => clearTimeout(timer);
  }, [state.confetti]);

  return { state, retry: () => dispatch({ type: 'retry' }) };
}
