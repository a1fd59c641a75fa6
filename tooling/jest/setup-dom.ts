import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// jsdom lacks TextEncoder/TextDecoder (react-router needs them when it loads) and Node's structuredClone.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = <T,>(value: T): T => deserialize(serialize(value)) as T;
}

// A screen's first lazy import is transpiled by ts-jest when the test first needs it: on a fresh machine (a
// cold cache, as on CI) that alone can outlast findBy's default 1 s. Absent elements still fail, just later.
configure({ asyncUtilTimeout: 4000 });
