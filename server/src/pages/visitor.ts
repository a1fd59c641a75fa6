// Anonymous visitors of published pages. A visitor is a random httpOnly cookie (no account, no
// personal data); the chat's history threads are namespaced by page and by a hash of that cookie, so a
// visitor who learns someone else's thread id still cannot continue (or read back) their conversation.
import { createHash, randomBytes } from 'node:crypto';
import { PUBLIC_PAGES_API } from '@accent/pages-common';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'accent_page_visitor';
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
const VISITOR_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * The visitor's id from its cookie, or a new one (set on the reply, also when the reply becomes an
 * event stream: see runtime/reply.ts). The cookie only travels to the public pages API.
 */
export function visitorOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const presented = request.cookies[VISITOR_COOKIE];
  if (presented && VISITOR_PATTERN.test(presented)) return presented;
  const id = randomBytes(18).toString('base64url');
  reply.header(
    'set-cookie',
    request.server.serializeCookie(VISITOR_COOKIE, id, { httpOnly: true, sameSite: 'strict', secure, path: PUBLIC_PAGES_API, maxAge: VISITOR_MAX_AGE_SECONDS }),
  );
  return id;
}

/** The history thread of one conversation of one visitor on one page. */
export function visitorThread(pageId: string, visitor: string, threadId: string): string {
  const who = createHash('sha256').update(visitor).digest('base64url').slice(0, 22);
  return `page:${pageId}:${who}:${threadId}`;
}
