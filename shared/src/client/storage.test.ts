import { describe, expect, it } from '@jest/globals';
import { STORAGE_KEYS } from '@accent/shared';
import {
  loadAdminSettings,
  loadAdvancedSettings,
  loadSavedEmail,
  saveAdminSettings,
  saveAdvancedSettings,
  saveSavedEmail,
  type KeyValueStorage,
} from './storage.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
  return { storage, data };
}

const throwingStorage: KeyValueStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('advanced settings', () => {
  it('falls back to lo-n02 / sales2 when nothing is stored', () => {
    expect(loadAdvancedSettings(memoryStorage().storage)).toEqual({ environment: 'lo-n02', library: 'sales2' });
  });

  it.each([
    ['corrupt JSON', '{not json'],
    ['a non-object', '42'],
    ['null', 'null'],
    ['an array', '["x"]'],
  ])('falls back to the defaults for %s', (_case, raw) => {
    const { storage } = memoryStorage({ [STORAGE_KEYS.advancedSettings]: raw });
    expect(loadAdvancedSettings(storage)).toEqual({ environment: 'lo-n02', library: 'sales2' });
  });

  it('fills each missing or blank field on its own', () => {
    const { storage } = memoryStorage({ [STORAGE_KEYS.advancedSettings]: JSON.stringify({ environment: 'prod-eu', library: '  ' }) });
    expect(loadAdvancedSettings(storage)).toEqual({ environment: 'prod-eu', library: 'sales2' });
  });

  it('round-trips what was saved', () => {
    const { storage } = memoryStorage();
    saveAdvancedSettings({ environment: 'qa-1', library: 'marketing' }, storage);
    expect(loadAdvancedSettings(storage)).toEqual({ environment: 'qa-1', library: 'marketing' });
  });

  it('survives a storage that throws', () => {
    expect(loadAdvancedSettings(throwingStorage)).toEqual({ environment: 'lo-n02', library: 'sales2' });
    expect(() => saveAdvancedSettings({ environment: 'a', library: 'b' }, throwingStorage)).not.toThrow();
    expect(loadAdvancedSettings(null)).toEqual({ environment: 'lo-n02', library: 'sales2' });
  });
});

describe('saved email', () => {
  it('stores the email and the flag, never a password', () => {
    const { storage, data } = memoryStorage();
    saveSavedEmail('ada@example.com', storage);
    expect(loadSavedEmail(storage)).toEqual({ email: 'ada@example.com', rememberMe: true });
    expect(JSON.parse(data.get(STORAGE_KEYS.savedCredentials)!)).toEqual({ email: 'ada@example.com', rememberMe: true });
  });

  it('forgets the email with null', () => {
    const { storage, data } = memoryStorage();
    saveSavedEmail('ada@example.com', storage);
    saveSavedEmail(null, storage);
    expect(data.has(STORAGE_KEYS.savedCredentials)).toBe(false);
    expect(loadSavedEmail(storage)).toBeNull();
  });

  it('scrubs a password an older build saved', () => {
    const { storage, data } = memoryStorage({
      [STORAGE_KEYS.savedCredentials]: JSON.stringify({ email: 'ada@example.com', password: 'hunter2', rememberMe: true }),
    });
    expect(loadSavedEmail(storage)).toEqual({ email: 'ada@example.com', rememberMe: true });
    expect(data.get(STORAGE_KEYS.savedCredentials)).not.toContain('hunter2');
  });

  it('returns null for corrupt or empty entries', () => {
    expect(loadSavedEmail(memoryStorage({ [STORAGE_KEYS.savedCredentials]: '{oops' }).storage)).toBeNull();
    expect(loadSavedEmail(memoryStorage({ [STORAGE_KEYS.savedCredentials]: '{"email":""}' }).storage)).toBeNull();
    expect(loadSavedEmail(throwingStorage)).toBeNull();
  });
});

describe('admin settings', () => {
  it('defaults experimentalProjects to false, also for corrupt values', () => {
    expect(loadAdminSettings(memoryStorage().storage)).toEqual({ experimentalProjects: false });
    expect(loadAdminSettings(memoryStorage({ [STORAGE_KEYS.adminSettings]: '][' }).storage)).toEqual({ experimentalProjects: false });
    expect(loadAdminSettings(memoryStorage({ [STORAGE_KEYS.adminSettings]: '{"experimentalProjects":"yes"}' }).storage)).toEqual({
      experimentalProjects: false,
    });
  });

  it('round-trips', () => {
    const { storage } = memoryStorage();
    saveAdminSettings({ experimentalProjects: true }, storage);
    expect(loadAdminSettings(storage)).toEqual({ experimentalProjects: true });
  });
});
