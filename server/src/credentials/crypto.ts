// AES-256-GCM sealing of credential values. The associated data binds a ciphertext to its row (library,
// kind, key), so a row copied onto another one fails to open instead of lending its secret.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

export interface Sealed {
  ciphertext: Buffer;
  iv: Buffer;
  authTag: Buffer;
}

export function seal(key: Buffer, plaintext: string, associatedData: string): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag() };
}

/** Throws when the key is wrong or the row was tampered with. */
export function open(key: Buffer, sealed: { ciphertext: Uint8Array; iv: Uint8Array; authTag: Uint8Array }, associatedData: string): string {
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.authTag));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext)), decipher.final()]).toString('utf8');
}

/**
 * What an admin sees of a secret: enough to recognise it (`sk-…9f2a`), never enough to use it. Short
 * secrets show less, so the hint never gives away a large share of the value.
 */
export function maskSecret(value: string): string {
  const v = value.trim();
  if (v.length >= 16) return `${v.slice(0, 3)}…${v.slice(-4)}`;
  if (v.length >= 8) return `…${v.slice(-2)}`;
  return '•'.repeat(4);
}
