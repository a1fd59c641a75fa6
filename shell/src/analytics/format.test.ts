import { describe, expect, it } from '@jest/globals';
import { bucketLabel, costOf, formatMs, formatUsd } from './format.js';

describe('analytics formats', () => {
  it('shows the cost, "—" when no run has a price, and the known part marked when some lack one', () => {
    expect(costOf({ runs: 2, cost_usd: 1.5, unpriced: 0 })).toEqual({ text: '$1.50', reason: null });
    expect(costOf({ runs: 2, cost_usd: 0, unpriced: 2 }).text).toBe('—');
    expect(costOf({ runs: 2, cost_usd: 0, unpriced: 2 }).reason).toMatch(/^2 runs used a model with no price/);
    expect(costOf({ runs: 3, cost_usd: 0.0123, unpriced: 1 }).text).toBe('$0.0123+');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.000045)).toBe('$0.000045');
  });

  it('reads durations and bucket labels as people do', () => {
    expect(formatMs(null)).toBe('—');
    expect(formatMs(850)).toBe('850 ms');
    expect(formatMs(1500)).toBe('1.5 s');
    expect(bucketLabel({ label: '2026-10-25' })).toBe('Oct 25');
    expect(bucketLabel({ label: '2026-10-25T02:00' })).toBe('Oct 25, 02:00');
  });
});
