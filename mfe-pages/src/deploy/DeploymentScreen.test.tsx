// The deployment screen with jest's fake timers: a status message every 2 s, success at 8 s only once the
// publish call answered, 3 s of confetti, an error with Retry.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import type { PublishPageResponse } from '@accent/pages-common';
import { deferred } from '../../../shared/src/ui/testing/renderWithSession.js';
import { DeploymentScreen } from './DeploymentScreen.js';
import { DEPLOY_STATUS_MESSAGES, DEPLOY_TEXTS } from './deployMachine.js';

const result: PublishPageResponse = { id: 'p1', slug: 'acme', version: 1, published_at: 't', url: 'http://localhost/p/acme' };
const advance = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));
const status = () => screen.getByTestId('deploy-status').textContent;

describe('DeploymentScreen', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('rotates the status message every 2 s and succeeds at 8 s after the publish answer', async () => {
    const publish = jest.fn(async () => result);
    const onComplete = jest.fn();
    let r = 0;
    const random = () => {
      r += 0.37;
      return r % 1;
    };
    render(<DeploymentScreen publish={publish} onComplete={onComplete} random={random} />);
    expect(screen.getByRole('heading', { name: DEPLOY_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(status()).toBe(DEPLOY_STATUS_MESSAGES[0]);
    const seen = [status()];
    for (let i = 0; i < 3; i++) {
      await advance(1999);
      expect(status()).toBe(seen[seen.length - 1]);
      await advance(1);
      expect(status()).not.toBe(seen[seen.length - 1]);
      expect(DEPLOY_STATUS_MESSAGES).toContain(status());
      seen.push(status());
    }
    expect(screen.queryByText(DEPLOY_TEXTS.success)).not.toBeInTheDocument();
    await advance(2000);
    expect(screen.getByRole('heading', { name: DEPLOY_TEXTS.success })).toBeInTheDocument();
    expect(screen.getByText(DEPLOY_TEXTS.successText)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: DEPLOY_TEXTS.seePage });
    expect(link).toHaveAttribute('href', result.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('confetti')).toBeInTheDocument();
    await advance(2999);
    expect(screen.getByTestId('confetti')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
    expect(publish).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: DEPLOY_TEXTS.buildAnother }).click();
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('waits past 8 s for a slow publish answer', async () => {
    const answer = deferred<PublishPageResponse>();
    render(<DeploymentScreen publish={() => answer.promise} onComplete={() => undefined} />);
    await advance(12_000);
    expect(screen.getByRole('heading', { name: DEPLOY_TEXTS.title })).toBeInTheDocument();
    await act(async () => answer.resolve(result));
    expect(screen.getByRole('heading', { name: DEPLOY_TEXTS.success })).toBeInTheDocument();
  });

  it('shows the error with Retry when the publish call fails, and publishes again', async () => {
    const publish = jest.fn<() => Promise<PublishPageResponse>>().mockRejectedValueOnce(new Error('HTTP 422: Choose an agent first')).mockResolvedValue(result);
    render(<DeploymentScreen publish={publish} onComplete={() => undefined} />);
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('HTTP 422: Choose an agent first');
    await advance(10_000);
    expect(screen.queryByText(DEPLOY_TEXTS.success)).not.toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: DEPLOY_TEXTS.retry }).click());
    expect(screen.getByRole('heading', { name: DEPLOY_TEXTS.title })).toBeInTheDocument();
    expect(publish).toHaveBeenCalledTimes(2);
    await advance(8000);
    expect(screen.getByRole('heading', { name: DEPLOY_TEXTS.success })).toBeInTheDocument();
  });
});
