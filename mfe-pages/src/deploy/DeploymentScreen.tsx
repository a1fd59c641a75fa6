// The deployment screen (spec 02 §2.5): replaces the builder while deploying; the builder returns with
// Build Another (the completion handler).
import { useEffect, useMemo, useRef } from 'react';
import type { PublishPageResponse } from '@accent/pages-common';
import { Button, Spinner } from '@accent/shared/ui';
import { DEPLOY_STATUS_MESSAGES, DEPLOY_TEXTS, deployProgress, type DeployState } from './deployMachine.js';
import { useDeployment } from './useDeployment.js';
import styles from './Deploy.module.css';

export interface DeploymentScreenProps {
  /** saves the page if needed and publishes it */
  publish(): Promise<PublishPageResponse>;
  /** Build Another */
  onComplete(): void;
  /** told when the screen moves on (the builder's Deploy button reads "Deploying..." only while it deploys) */
  onPhase?(phase: DeployState['phase']): void;
  random?: () => number;
}

export function DeploymentScreen({ publish, onComplete, onPhase, random }: DeploymentScreenProps) {
  const { state, retry } = useDeployment(publish, random);
  const onPhaseRef = useRef(onPhase);
  onPhaseRef.current = onPhase;
  useEffect(() => onPhaseRef.current?.(state.phase), [state.phase]);
  const progress = deployProgress(state);
  // the outcome takes focus once, so a screen reader announces it
  const outcome = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.phase !== 'deploying') outcome.current?.focus();
  }, [state.phase]);

  if (state.phase === 'error') {
    return (
      <section className={styles.screen} aria-labelledby="deploy-title">
        <h2 id="deploy-title" className={styles.title} tabIndex={-1} ref={outcome}>
          {DEPLOY_TEXTS.failed}
        </h2>
        <p className={styles.error} role="alert">
          {state.error}
        </p>
        <div className={styles.actions}>
          <Button onClick={retry}>{DEPLOY_TEXTS.retry}</Button>
          <Button variant="secondary" onClick={onComplete}>
            Back to the builder
          </Button>
        </div>
      </section>
    );
  }

  if (state.phase === 'success') {
    return (
      <section className={styles.screen} aria-labelledby="deploy-title">
        {state.confetti && <Confetti />}
        <div className={styles.check} aria-hidden="true">
          ✓
        </div>
        <h2 id="deploy-title" className={styles.title} tabIndex={-1} ref={outcome}>
          {DEPLOY_TEXTS.success}
        </h2>
        <p className={styles.text}>{DEPLOY_TEXTS.successText}</p>
        <div className={styles.actions}>
          <a className={styles.link} href={state.result!.url} target="_blank" rel="noopener noreferrer">
            {DEPLOY_TEXTS.seePage}
          </a>
          <Button variant="secondary" onClick={onComplete}>
            {DEPLOY_TEXTS.buildAnother}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby="deploy-title" aria-busy="true">
      <span className={styles.spinner}>
        <Spinner />
      </span>
      <h2 id="deploy-title" className={styles.title}>
        {DEPLOY_TEXTS.title}
      </h2>
      <div className={styles.progress} role="progressbar" aria-label="Deployment progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <div className={styles.bar} style={{ width: `${progress}%` }} />
      </div>
      <p className={styles.status} role="status" data-testid="deploy-status">
        {DEPLOY_STATUS_MESSAGES[state.messageIndex]}
      </p>
    </section>
  );
}

const CONFETTI_COLOURS = ['#5b4ff0', '#f59e0b', '#10b981', '#ef4444', '#3b82f6', '#ec4899'];

/** 3 s of CSS confetti (no library): pieces fall from random places with random delays. */
function Confetti() {
  const pieces = useMemo(
    () =>
      Array.from({ length: 48 }, (_, i) => ({
        left: `${Math.random() * 100}%`,
        delay: `${Math.random() * 0.8}s`,
        duration: `${1.6 + Math.random() * 1.2}s`,
        colour: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
        rotate: `${Math.random() * 360}deg`,
      })),
    [],
  );
  return (
    <div className={styles.confetti} aria-hidden="true" data-testid="confetti">
      {pieces.map((p, i) => (
        <span
          key={i}
          className={styles.piece}
          style={{ left: p.left, background: p.colour, animationDelay: p.delay, animationDuration: p.duration, rotate: p.rotate }}
        />
      ))}
    </div>
  );
}
