import { afterEach, describe, expect, it } from '@jest/globals';
import { KEEPALIVE_MAX_BYTES, leavingFetch, leavingInit, setPageLeaving } from './leaving.js';

describe('leavingInit', () => {
  afterEach(() => setPageLeaving(false));

  it('leaves requests alone while the page stays', () => {
    const init = { method: 'PATCH', body: '{"a":1}' };
    expect(leavingInit(init)).toBe(init);
  });

  it('adds keepalive while the page is being left, when the body fits', () => {
    setPageLeaving(true);
    expect(leavingInit({ method: 'PATCH', body: '{"a":1}' })).toEqual({ method: 'PATCH', body: '{"a":1}', keepalive: true });
    expect(leavingInit(undefined)).toEqual({ keepalive: true });
  });

  it('sends a body too large for keepalive the ordinary way (the browser would refuse it)', () => {
    setPageLeaving(true);
    const init = { method: 'PATCH', body: 'x'.repeat(KEEPALIVE_MAX_BYTES + 1) };
    expect(leavingInit(init)).toBe(init);
    // counted in bytes, not characters
    const wide = { method: 'PATCH', body: 'é'.repeat(KEEPALIVE_MAX_BYTES / 2 + 1) };
    expect(leavingInit(wide)).toBe(wide);
  });

  it('leavingFetch hands the base fetch the keepalive options', async () => {
    const seen: (RequestInit | undefined)[] = [];
    const base = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init);
      return new Response('{}');
    }) as typeof fetch;
    const f = leavingFetch(base);
    await f('/rest/v1/flows', { method: 'PATCH', body: '{}' });
    setPageLeaving(true);
    await f('/rest/v1/flows', { method: 'PATCH', body: '{}' });
    expect(seen.map((i) => i?.keepalive)).toEqual([undefined, true]);
  });
});
