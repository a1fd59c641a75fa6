// Sign-in with Ethereum's tables (migration 026): the library's setting, the messages handed out to be
// signed (single use, by the hash of their nonce) and the wallets linked to users.
import { createHash } from 'node:crypto';
import { WALLET_MESSAGE_TTL_MS } from '@accent/shell-common';
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { GeneratedTimestamp, Nullable, ReadOnly, StampedLater } from '../../db/columns.js';
import type { DB } from '../../db/schema.js';
import { toJson } from '../../db/values.js';

interface LibraryWalletSettingsTable {
  library_id: string;
  enabled: boolean;
  chain_ids: ColumnType<unknown, string, string>;
  updated_by: Nullable<string>;
  updated_at: GeneratedTimestamp;
}
export type WalletPurpose = 'link' | 'sign_in';
interface WalletNoncesTable {
  nonce_hash: string;
  purpose: WalletPurpose;
  library_id: string;
  user_id: string | null;
  address: string;
  chain_id: number;
  remember_me: boolean;
  created_at: GeneratedTimestamp;
  used_at: StampedLater<Date | null>;
}
interface UserWalletsTable {
  id: ReadOnly<string>;
  user_id: string;
  library_id: string;
  address: string;
  chain_id: number;
  created_at: ReadOnly<Date>;
  last_used_at: StampedLater<Date | null>;
}
export type WalletTables = { library_wallet_settings: LibraryWalletSettingsTable; wallet_nonces: WalletNoncesTable; user_wallets: UserWalletsTable };
export const withWallets = (db: Kysely<DB>) => db.withTables<WalletTables>();

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface WalletSetting {
  enabled: boolean;
  chainIds: number[];
  updatedAt: Date | null;
}
const asChainIds = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : []);

/** Off, on chain 1, until an administrator turns it on. */
export async function walletSetting(db: Kysely<DB>, libraryId: string): Promise<WalletSetting> {
  const row = await withWallets(db).selectFrom('library_wallet_settings').selectAll().where('library_id', '=', libraryId).executeTakeFirst();
  return row ? { enabled: row.enabled, chainIds: asChainIds(row.chain_ids), updatedAt: row.updated_at } : { enabled: false, chainIds: [1], updatedAt: null };
}

export async function saveWalletSetting(db: Kysely<DB>, libraryId: string, setting: { enabled: boolean; chainIds: number[] }, userId: string): Promise<void> {
  const values = { enabled: setting.enabled, chain_ids: toJson(setting.chainIds), updated_by: userId };
  await withWallets(db)
    .insertInto('library_wallet_settings')
    .values({ library_id: libraryId, ...values })
    .onConflict((oc) => oc.column('library_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
}

export async function saveNonce(db: Kysely<DB>, nonce: { nonce: string; purpose: WalletPurpose; libraryId: string; userId: string | null; address: string; chainId: number; rememberMe: boolean }): Promise<void> {
  // the expired ones go as new ones come (the index on created_at keeps it cheap)
  await withWallets(db)
    .deleteFrom('wallet_nonces')
    .where('created_at', '<', new Date(Date.now() - WALLET_MESSAGE_TTL_MS))
    .execute();
  await withWallets(db)
    .insertInto('wallet_nonces')
    .values({ nonce_hash: sha256(nonce.nonce), purpose: nonce.purpose, library_id: nonce.libraryId, user_id: nonce.userId, address: nonce.address, chain_id: nonce.chainId, remember_me: nonce.rememberMe })
    .execute();
}

/** The message this nonce was handed out with, marked used in the same statement (a replay finds nothing). */
export async function claimNonce(db: Kysely<DB>, nonce: string, purpose: WalletPurpose) {
  return withWallets(db)
    .updateTable('wallet_nonces')
    .set({ used_at: sql<Date>`now()` })
    .where('nonce_hash', '=', sha256(nonce))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('created_at', '>', new Date(Date.now() - WALLET_MESSAGE_TTL_MS))
    .returning(['library_id', 'user_id', 'address', 'chain_id', 'remember_me'])
    .executeTakeFirst();
}
