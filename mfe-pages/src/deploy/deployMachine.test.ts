import { describe, expect, it } from '@jest/globals';
import { deployProgress, deployReducer, initialDeployState, nextMessageIndex, DEPLOY_STATUS_MESSAGES, type DeployState } from './deployMachine.js';

const result = { id: 'p1', slug: 'acme', version: 1, published_at: 't', url: 'http://localhost/p/acme' };

describe('deploy state machine', () => {
  it('has six status messages and always picks a different one', () => {
    expect(DEPLOY_STATUS_MESSAGES).toHaveLength(6);
    for (let current = 0; current < 6; current++) {
      const seen = new Set<number>();
      for (let r = 0; r < 1; r += 0.01) {
        const next = nextMessageIndex(current, r);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(6);
        seen.add(next);
      }
      expect(seen.size).toBe(5);
    }
  });

  it('succeeds only when 8 s have passed and the publish call answered, whichever comes last', () => {
    let s = initialDeployState();
    s = deployReducer(s, { type: 'elapsed' });
    expect(s.phase).toBe('deploying');
    s = deployReducer(s, { type: 'published', result });
    expect(s).toMatchObject({ phase: 'success', result, confetti: true });

    let t = deployReducer(initialDeployState(), { type: 'published', result });
    expect(t.phase).toBe('deploying');
    t = deployReducer(t, { type: 'elapsed' });
    expect(t.phase).toBe('success');
    expect(deployReducer(t, { type: 'confettiDone' }).confetti).toBe(false);
  });

  it('fails with the error and starts over on Retry', () => {
    let s: DeployState = deployReducer(initialDeployState(), { type: 'failed', error: 'HTTP 422: Choose an agent' });
    expect(s).toMatchObject({ phase: 'error', error: 'HTTP 422: Choose an agent' });
    expect(deployReducer(s, { type: 'elapsed' })).toBe(s);
    s = deployReducer(s, { type: 'retry' });
    expect(s).toEqual(initialDeployState(1));
  });

  it('rotates messages only while deploying and fills the progress bar', () => {
    let s = initialDeployState();
    const before = deployProgress(s);
    s = deployReducer(s, { type: 'tick', random: 0 });
    expect(s.messageIndex).toBe(1);
    expect(deployProgress(s)).toBeGreaterThan(before);
    s = deployReducer(deployReducer(s, { type: 'published', result }), { type: 'elapsed' });
    expect(deployReducer(s, { type: 'tick', random: 0.5 })).toBe(s);
    expect(deployProgress(s)).toBe(100);
  });
});
