// The type of a test fake built from jest.fn() for each call of an API interface. Written out so the fakes'
// exported functions have a nameable type (inferred, it points into pnpm's folder of jest-mock, which
// declaration emit refuses as not portable).
import type { jest } from '@jest/globals';

export type FakeApi<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? jest.Mock<T[K]> : T[K] };
