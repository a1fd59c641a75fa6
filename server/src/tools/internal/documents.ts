// Document and file tools on the library's own files: find, read, create, append, duplicate, folders.
import { z } from 'zod';
import {
  appendToDocument,
  DocumentError,
  findDocuments,
  FOLDER_MIME,
  insertDocument,
  MAX_READ_CHARS,
  mayChangeDocument,
  normalizeFolder,
  readDocumentBytes,
  requireDocument,
} from '../../library/documents.js';
import { typeFromName } from '../../storage/service.js';
import { defineTool, storageOf } from '../types.js';

const folder = z.string().max(500).optional().describe('Folder path such as /Sales/Proposals (default /)');
const ref = {
  id: z.string().max(100).optional().describe('The document id, when known'),
  name: z.string().max(300).optional().describe('The document name, when the id is not known'),
  folder: z.string().max(500).optional().describe('The folder of the named document'),
};

/** The MIME type of a new text file, from its extension (plain text when it names none). */
const mimeFor = (name: string) => typeFromName(name) ?? 'text/plain';

export const findDocument = defineTool({
  name: 'Find Document',
  id: 'find_document',
  description: "Find documents in the library by (part of) their name and/or folder. Returns id, name, folder, type, size and last change.",
  inputSchema: z.object({
    name: z.string().max(300).optional().describe('Part of the document name'),
    folder: z.string().max(500).optional().describe('Part of the folder path'),
    limit: z.number().int().min(1).max(50).optional().describe('Maximum results (default 10)'),
  }),
  async execute({ name, folder: inFolder, limit }, ctx) {
    return { documents: await ctx.reads((trx) => findDocuments(trx, ctx.libraryId, { name, folder: inFolder, limit: limit ?? 10 })) };
  },
});

export const libraryFileReader = defineTool({
  name: 'Library File Reader',
  id: 'library_file_reader',
  description: 'Read the text of a document or file in the library, by id or by name (and folder).',
  inputSchema: z.object(ref),
  async execute(input, ctx) {
    const doc = await ctx.reads((trx) => requireDocument(trx, ctx.libraryId, input));
    const truncated = doc.content.length > MAX_READ_CHARS;
    return {
      id: doc.id,
      name: doc.name,
      folder: doc.folder,
      mime: doc.mime,
      content: truncated ? doc.content.slice(0, MAX_READ_CHARS) : doc.content,
      truncated,
      ...(doc.binary ? { note: `Binary file (${doc.mime}) of ${doc.size} bytes; the content above is ${doc.content ? 'its outline' : 'empty: its text is not kept'}.` } : {}),
    };
  },
});

export const createDocument = defineTool({
  name: 'Create Document',
  id: 'create_document',
  description: 'Create a new text document (Markdown) in the library.',
  inputSchema: z.object({
    name: z.string().min(1).max(300).describe('Document name, e.g. "Q3 account plan.md"'),
    folder,
    content: z.string().max(1_000_000).describe('The document text (Markdown)'),
  }),
  async execute({ name, folder: inFolder, content }, ctx) {
    const docName = /\.[a-z0-9]+$/i.test(name) ? name : `${name}.md`;
    return insertDocument(storageOf(ctx), { libraryId: ctx.libraryId, folder: inFolder, name: docName, mime: mimeFor(docName), content, createdBy: ctx.user.id });
  },
});

export const createNewFile = defineTool({
  name: 'Create New File',
  id: 'create_new_file',
  description: 'Create a new file in the library; its type follows its extension (.txt, .csv, .json, .md, .html…). It may start empty.',
  inputSchema: z.object({
    name: z.string().min(1).max(300).describe('File name with its extension, e.g. "leads.csv"'),
    folder,
    content: z.string().max(1_000_000).optional().describe('Initial content (default empty)'),
  }),
  async execute({ name, folder: inFolder, content }, ctx) {
    return insertDocument(storageOf(ctx), { libraryId: ctx.libraryId, folder: inFolder, name, mime: mimeFor(name), content: content ?? '', createdBy: ctx.user.id });
  },
});

export const appendText = defineTool({
  name: 'Append Text',
  id: 'append_text',
  description: 'Append text to the end of an existing document in the library.',
  inputSchema: z.object({ ...ref, text: z.string().min(1).max(1_000_000).describe('The text to append'), separator: z.string().max(10).optional().describe('Put between the old and new text (default a newline)') }),
  async execute({ text, separator, ...target }, ctx) {
    const doc = await ctx.reads(async (trx) => {
      const found = await requireDocument(trx, ctx.libraryId, target);
      if (!(await mayChangeDocument(trx, ctx.libraryId, found.id))) throw new DocumentError(`"${found.name}" is not yours to change: ask its owner or an administrator.`);
      return found;
    });
    if (doc.binary) return { error: `"${doc.name}" is a binary file; text cannot be appended to it.` };
    return appendToDocument(storageOf(ctx), { ...doc, libraryId: ctx.libraryId }, text, separator ?? '\n');
  },
});

export const createNewFolder = defineTool({
  name: 'Create New Folder',
  id: 'create_new_folder',
  description: 'Create a folder in the library, e.g. /Sales/Proposals.',
  inputSchema: z.object({ path: z.string().min(1).max(500).describe('The folder path to create') }),
  async execute({ path }, ctx) {
    const full = normalizeFolder(path);
    if (full === '/') return { error: 'The root folder always exists.' };
    const at = full.lastIndexOf('/');
    const info = await insertDocument(storageOf(ctx), { libraryId: ctx.libraryId, folder: full.slice(0, at), name: full.slice(at + 1), mime: FOLDER_MIME, createdBy: ctx.user.id });
    return { id: info.id, path: full };
  },
});

export const duplicateFile = defineTool({
  name: 'Duplicate File',
  id: 'duplicate_file',
  description: 'Copy a document or file of the library, optionally under a new name or into another folder.',
  inputSchema: z.object({
    ...ref,
    new_name: z.string().max(300).optional().describe('Name of the copy (default "<name> (copy)")'),
    new_folder: z.string().max(500).optional().describe('Folder of the copy (default the same folder)'),
  }),
  async execute({ new_name, new_folder, ...source }, ctx) {
    const doc = await ctx.reads((trx) => requireDocument(trx, ctx.libraryId, source));
    const dot = doc.name.lastIndexOf('.');
    const copyName = new_name?.trim() || (dot > 0 ? `${doc.name.slice(0, dot)} (copy)${doc.name.slice(dot)}` : `${doc.name} (copy)`);
    const storage = storageOf(ctx);
    return insertDocument(storage, {
      libraryId: ctx.libraryId,
      folder: new_folder ?? doc.folder,
      name: copyName,
      mime: doc.mime,
      content: doc.content,
      data: doc.binary ? await readDocumentBytes(storage, ctx.libraryId, doc) : null,
      createdBy: ctx.user.id,
    });
  },
});
