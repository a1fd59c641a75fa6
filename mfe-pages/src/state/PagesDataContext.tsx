// Data access of the Pages area behind one context: components get the real pages service (tables `pages`
// and `page_versions` through @accent/shared/data, the pages API), the agent list, the invoke client and
// the toast bus by default; tests inject plain functions instead of mocking modules.
import type { AgentListItem } from '@accent/agents-common';
import { newPageThreadId } from '@accent/pages-common';
import { agentsApi, invokeAgent } from '@accent/agents-common/client';
import { toast } from '@accent/shared/client';
import { pagesService, type PagesService } from '../data/pages.js';
import type { StudioInvoke } from '../renderer/ask.js';
import type { Notifier } from '@accent/shared/client';
import { createAreaEnvironment } from '@accent/shared/ui';

export type PagesData = Pick<
  PagesService,
  | 'listPages'
  | 'listPublishedPages'
  | 'getPage'
  | 'savePage'
  | 'deletePage'
  | 'duplicatePage'
  | 'getPublishedVersion'
  | 'publishPage'
  | 'unpublishPage'
  | 'createPersonalization'
  | 'listPersonalizations'
> & {
  /** GET /api/v1/agent/list: the agents a page can be bound to */
  listAgents(): Promise<AgentListItem[]>;
};

export type { Notifier };

export interface PagesEnvironment {
  api: PagesData;
  /** runs the bound agent from the studio (preview, magic pages) */
  invoke: StudioInvoke;
  notify: Notifier;
  newThreadId(): string;
  /** the fallback screen's Reload Page (window.location.reload in the browser) */
  reload(): void;
  /** copies a link (the clipboard in the browser) */
  copy(text: string): Promise<void>;
  /** where errors caught by the canvas boundary are logged (console.error in the browser) */
  logError(...args: unknown[]): void;
  /** a random number in [0, 1) (the deployment screen's message choice) */
  random(): number;
}

export const defaultPagesEnvironment: PagesEnvironment = {
  api: {
    listPages: () => pagesService.listPages(),
    listPublishedPages: () => pagesService.listPublishedPages(),
    getPage: (id) => pagesService.getPage(id),
    savePage: (draft, id) => pagesService.savePage(draft, id),
    deletePage: (id) => pagesService.deletePage(id),
    duplicatePage: (id) => pagesService.duplicatePage(id),
    getPublishedVersion: (id, version) => pagesService.getPublishedVersion(id, version),
    publishPage: (id) => pagesService.publishPage(id),
    unpublishPage: (id) => pagesService.unpublishPage(id),
    createPersonalization: (id, input) => pagesService.createPersonalization(id, input),
    listPersonalizations: (id) => pagesService.listPersonalizations(id),
    listAgents: () => agentsApi.list(),
  },
  invoke: (body, options) => invokeAgent(body, options),
  notify: toast,
  newThreadId: newPageThreadId,
  reload: () => window.location.reload(),
  copy: (text) => navigator.clipboard.writeText(text),
  logError: (...args) => console.error(...args),
  random: Math.random,
};

const environment = createAreaEnvironment(defaultPagesEnvironment);
export const PagesDataProvider = environment.Provider;
export const usePagesEnv = environment.useEnvironment;

export { errorMessage } from '@accent/shared/client';
