import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// jsdom lacks TextEncoder/TextDecoder (react-router needs them when it loads) and Node's structuredClone.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = <T>(value: T): T => deserialize(serialize(value)) as T;
}

// jsdom has no fetch Request, and react-router's data routers (the shell's, and renderRoutes' memory router)
// build one per navigation. Our routes have no loaders or actions, so nothing reads more than these fields.
if (typeof globalThis.Request !== 'function') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | null;
    readonly headers: Headers | undefined;
    readonly body: unknown;
    constructor(input: string | URL, init: RequestInit = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? null;
      this.headers = typeof Headers === 'function' ? new Headers(init.headers) : undefined;
      this.body = init.body ?? null;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}

// A screen's first lazy import is transpiled by ts-jest when the test first needs it: on a fresh machine (a
// cold cache, as on CI) that alone can outlast findBy's default 1 s. Absent elements still fail, just later.
configure({ asyncUtilTimeout: 4000 });
