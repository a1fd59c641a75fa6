// The sign-in line: at most `concurrency` sign-ins work at once and the rest wait their turn in order;
// one that could not be done in time is refused at once with the seconds to come back; a caller who
// left leaves the line; the time a sign-in takes is learnt from the ones that ran.
import { describe, expect, it } from '@jest/globals';
import { createSignInQueue, SignInBusyError } from './sign-in-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the sign-in line', () => {
  it('lets `concurrency` sign-ins work at once and the others in turn, first come first served', async () => {
    const queue = createSignInQueue(2);
    let working = 0;
    let most = 0;
    const order: number[] = [];
    const all = Array.from({ length: 8 }, (_, i) =>
      queue.run(async () => {
        working++;
        most = Math.max(most, working);
        order.push(i);
        await sleep(10);
        working--;
        return i;
      }),
    );
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(6);
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses at once, with the seconds to come back, a sign-in that could not be done within its wait; it learns how long one takes', async () => {
    const queue = createSignInQueue(1);
    // one sign-in measured at ~200 ms
    await queue.run(() => sleep(200));
    const slow = Array.from({ length: 5 }, () => queue.run(() => sleep(200), { maxWaitMs: 1_500 }));
    // 5 ahead at ~200 ms each, one at a time: the next would finish after ~1.2 s, the one after that ~1.4 s…
    const started = performance.now();
    const refused = await queue.run(() => sleep(200), { maxWaitMs: 1_000 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SignInBusyError);
    expect((refused as SignInBusyError).retryAfterSeconds).toBe(2);
    expect(performance.now() - started).toBeLessThan(50);
    await Promise.all(slow);
  });

  it('refuses a sign-in whose turn came after its wait (sign-ins slowed down after it was admitted), and the line moves on', async () => {
    const queue = createSignInQueue(1);
    // measured fast, then one takes long: the two admitted behind it wait past their 300 ms
    await queue.run(() => sleep(10));
    const slow = queue.run(() => sleep(500), { maxWaitMs: 300 });
    const late = [queue.run(async () => 'late', { maxWaitMs: 300 }), queue.run(async () => 'late', { maxWaitMs: 300 })];
    await slow;
    for (const answer of await Promise.allSettled(late)) expect(answer).toMatchObject({ status: 'rejected', reason: expect.any(SignInBusyError) });
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
    expect(await queue.run(async () => 'next', { maxWaitMs: 300 })).toBe('next');
  });

  it('drops a waiting sign-in whose caller left, and the line moves on', async () => {
    const queue = createSignInQueue(1);
    let release = () => {};
    const first = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const caller = new AbortController();
    const gone = queue.run(async () => 'ran', { signal: caller.signal });
    const next = queue.run(async () => 'next');
    expect(queue.waiting).toBe(2);
    caller.abort(new Error('The client closed the sign-in request'));
    await expect(gone).rejects.toThrow('The client closed the sign-in request');
    expect(queue.waiting).toBe(1);
    release();
    await first;
    expect(await next).toBe('next');
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });
});
