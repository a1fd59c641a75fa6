// Conversation history of an agent. Memory 'session' keeps one history per thread_id, 'persistent' one
// per user and agent across threads, 'none' keeps nothing. Histories are also scoped to their user,
// so a guessed thread id never shows someone else's conversation. Anonymous page visitors (no user)
// only have session histories, under thread ids the pages API namespaces per page and visitor.
import type { MemoryOption } from '@accent/agents-common';
import type { ModelMessage } from 'ai';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/values.js';

/** '' = no history for this run. */
export function threadKey(memory: MemoryOption, threadId: string, userId: string | null): string {
  if (memory === 'none') return '';
  // without a user, 'persistent' would be one history shared by every visitor: keep it per thread
  if (memory === 'persistent' && userId !== null) return `user:${userId}`;
  return threadId;
}

interface ThreadRef {
  libraryId: string;
  agentName: string;
  threadKey: string;
  userId: string | null;
}

/** The last `limit` messages, oldest first. */
export async function loadHistory(db: Kysely<DB>, ref: ThreadRef, limit: number): Promise<ModelMessage[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom('agent_messages')
    .select(['role', 'content'])
    .where('library_id', '=', ref.libraryId)
    .where('agent_name', '=', ref.agentName)
    .where('thread_id', '=', ref.threadKey)
    .where('user_id', ref.userId === null ? 'is' : '=', ref.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({ role: r.role, content: r.content }));
}

export async function appendHistory(db: Kysely<DB>, ref: ThreadRef, query: string, answer: string): Promise<void> {
  const base = { library_id: ref.libraryId, agent_name: ref.agentName, thread_id: ref.threadKey, user_id: ref.userId };
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('agent_threads')
      .values(base)
      .onConflict((oc) => oc.columns(['library_id', 'agent_name', 'thread_id']).doUpdateSet({ updated_at: sql<Date>`now()` }))
      .execute();
    // clock_timestamp: both rows get distinct, ordered times inside one transaction
    await trx
      .insertInto('agent_messages')
      .values([
        { ...base, role: 'user', content: query, created_at: sql<Date>`clock_timestamp()` },
        { ...base, role: 'assistant', content: answer, created_at: sql<Date>`clock_timestamp()` },
      ])
      .execute();
  });
}
