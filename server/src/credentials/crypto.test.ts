import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { maskSecret, open, seal } from './crypto.js';

describe('credential sealing', () => {
  const key = randomBytes(32);

  it('round-trips and uses a fresh IV each time', () => {
    const a = seal(key, '{"apiKey":"sk-1"}', 'lib/provider/openai');
    const b = seal(key, '{"apiKey":"sk-1"}', 'lib/provider/openai');
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(open(key, a, 'lib/provider/openai')).toBe('{"apiKey":"sk-1"}');
  });

  it('refuses another key, another row, or a changed ciphertext', () => {
    const sealed = seal(key, 'secret', 'lib/provider/openai');
    expect(() => open(randomBytes(32), sealed, 'lib/provider/openai')).toThrow();
    expect(() => open(key, sealed, 'lib/provider/anthropic')).toThrow();
    const tampered = { ...sealed, ciphertext: Buffer.from(sealed.ciphertext) };
    tampered.ciphertext[0] ^= 1;
    expect(() => open(key, tampered, 'lib/provider/openai')).toThrow();
  });

  it('masks secrets so that little of a short one shows', () => {
    expect(maskSecret('sk-proj-abcdefghijklmnop9f2a')).toBe('sk-…9f2a');
    expect(maskSecret('xoxb-1234')).toBe('…34');
    expect(maskSecret('abc')).toBe('••••');
  });
});
