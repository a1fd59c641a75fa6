import { createStore, type Store } from 'jotai';
import { globalSingleton } from './global-singleton.js';

export const STORE_GLOBAL_KEY = '__ACCENT_STORE__';

/** The one jotai store shared by the shell and every remote. */
export function getStore(): Store {
  return globalSingleton(STORE_GLOBAL_KEY, createStore);
}
