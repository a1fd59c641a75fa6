import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import type { KnowledgeCollection, KnowledgeFile } from '@accent/shell-common';
import { ADMIN, MEMBER, renderWithProviders, testSession } from '../app/testing.js';
import { KnowledgeApiContext, type KnowledgeApi } from './knowledge-api.js';
import KnowledgePage from './KnowledgePage.js';
import { KNOWLEDGE_TEXTS as T } from './texts.js';

/** Keeps collections and files like the server; `advance()` moves each file one ingestion step on. */
function fakeKnowledge() {
  const collections: KnowledgeCollection[] = [];
  const files = new Map<string, KnowledgeFile[]>();
  let ids = 0;
  const api: KnowledgeApi = {
    async collections() {
      return collections.map((c) => ({ ...c, file_count: files.get(c.id)?.length ?? 0 }));
    },
    async create(input) {
      if (collections.some((c) => c.name.toLowerCase() === input.name.trim().toLowerCase())) throw new ApiError(409, 'Conflict', `A knowledge collection named "${input.name}" already exists.`);
      const c: KnowledgeCollection = { id: `c${++ids}`, name: input.name.trim(), description: input.description ?? '', embedding_provider: input.embedding_provider, embedding_model: input.embedding_model, file_count: 0, chunk_count: 0, updated_at: '' };
      collections.push(c);
      return c;
    },
    async remove(id) {
      collections.splice(collections.findIndex((c) => c.id === id), 1);
    },
    async files(id) {
      return [...(files.get(id) ?? [])];
    },
    async upload(id, file, onProgress) {
      onProgress?.(1);
      const f: KnowledgeFile = { id: `f${++ids}`, collection_id: id, name: file.name, mime: file.type, size: file.size, status: 'queued', error: null, parsed_chars: 0, pages: null, chunk_count: 0, embedded_count: 0, updated_at: '' };
      files.set(id, [...(files.get(id) ?? []), f]);
      return f;
    },
    async removeFile(id, fileId) {
      files.set(id, (files.get(id) ?? []).filter((f) => f.id !== fileId));
    },
    async search({ query }) {
      return query.includes('leave') ? { hits: [{ file: 'Handbook.pdf', file_id: 'f1', collection: 'HR', page: 2, section: null, snippet: 'Twenty six weeks of parental leave.', score: 0.03 }], warnings: [] } : { hits: [], warnings: [] };
    },
  };
  const advance = () => {
    for (const [id, list] of files) {
      files.set(
        id,
        list.map((f) => (f.status === 'queued' ? { ...f, status: 'embedding', chunk_count: 4, embedded_count: 2 } : f.status === 'embedding' ? { ...f, status: 'ready', embedded_count: 4, pages: 2 } : f)),
      );
    }
  };
  return { api, advance };
}

const session = testSession();
afterAll(() => session.stop());

describe('Knowledge page', () => {
  beforeAll(() => session.signIn(ADMIN));

  it('creates a collection, uploads a file, follows its indexing and tries a search with citations', async () => {
    const fake = fakeKnowledge();
    const user = userEvent.setup();
    await renderWithProviders(
      <KnowledgeApiContext.Provider value={fake.api}>
        <KnowledgePage />
      </KnowledgeApiContext.Provider>,
      '/knowledge',
    );
    expect(await screen.findByText(T.noCollections)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.newCollection }));
    const dialog = screen.getByRole('dialog', { name: T.newCollection });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'HR');
    expect(within(dialog).getByRole('textbox', { name: /Embedding model/ })).toHaveValue('text-embedding-3-small');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await screen.findByRole('heading', { name: `${T.files}: HR` })).toBeInTheDocument();

    await user.upload(screen.getByLabelText(T.addFiles, { selector: 'input' }), new File(['%PDF-1.4'], 'Handbook.pdf', { type: 'application/pdf' }));
    const row = await screen.findByRole('row', { name: /Handbook\.pdf/ });
    expect(within(row).getByText('Queued')).toBeInTheDocument();
    fake.advance();
    expect(await within(row).findByText('Indexing 2 of 4 passages', undefined, { timeout: 3000 })).toBeInTheDocument();
    fake.advance();
    expect(await within(row).findByText('Ready · 4 passages · 2 pages', undefined, { timeout: 3000 })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: T.searchLabel }), 'parental leave');
    await user.click(screen.getByRole('button', { name: T.search }));
    expect(await screen.findByText('Handbook.pdf, page 2')).toBeInTheDocument();
    expect(screen.getByText('Twenty six weeks of parental leave.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: T.deleteFile('Handbook.pdf') }));
    await user.click(within(screen.getByRole('dialog', { name: T.deleteFileTitle })).getByRole('button', { name: T.delete }));
    expect(await screen.findByText(T.noFiles)).toBeInTheDocument();
  });

  it('says why a collection cannot be created', async () => {
    const fake = fakeKnowledge();
    await fake.api.create({ name: 'HR', embedding_provider: 'openai', embedding_model: 'm' });
    const user = userEvent.setup();
    await renderWithProviders(
      <KnowledgeApiContext.Provider value={fake.api}>
        <KnowledgePage />
      </KnowledgeApiContext.Provider>,
      '/knowledge',
    );
    await user.click(await screen.findByRole('button', { name: T.newCollection }));
    const dialog = screen.getByRole('dialog', { name: T.newCollection });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'hr');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByText('A knowledge collection named "hr" already exists.')).toBeInTheDocument();
  });
});

describe('Knowledge page for an end user', () => {
  beforeAll(() => act(() => session.signIn(MEMBER)));

  it('shows the collections without the controls that change them', async () => {
    const fake = fakeKnowledge();
    await fake.api.create({ name: 'HR', embedding_provider: 'openai', embedding_model: 'm' });
    await renderWithProviders(
      <KnowledgeApiContext.Provider value={fake.api}>
        <KnowledgePage />
      </KnowledgeApiContext.Provider>,
      '/knowledge',
    );
    expect(await screen.findByText(T.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.newCollection })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.deleteCollection })).not.toBeInTheDocument();
  });
});
