// A watched toast bus for the remotes' test harnesses (not part of the build).
import { jest } from '@jest/globals';
import type { Notifier } from '../../client/toast.js';

export interface FakeNotify {
  success: jest.Mock<Notifier['success']>;
  error: jest.Mock<Notifier['error']>;
}
export const fakeNotify = (): FakeNotify => ({ success: jest.fn<Notifier['success']>(), error: jest.fn<Notifier['error']>() });
