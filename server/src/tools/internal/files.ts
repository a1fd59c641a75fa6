// Files the agent produces: a calendar invitation (.ics, via `ics`) and a slide deck (.pptx, via
// `pptxgenjs`), stored in the library like any document.
import * as ics from 'ics';
import pptxgenjs from 'pptxgenjs';
import { z } from 'zod';
import { insertDocument } from '../../library/documents.js';
import { defineTool, storageOf } from '../types.js';

// pptxgenjs's types describe its CommonJS build (the class under .default) while Node loads its ES
// build (the class itself), and TypeScript reads them differently per module resolution; so the class
// is taken from whichever shape loaded, typed by the few members used here.
interface Slide {
  addText(text: string | { text: string; options?: Record<string, unknown> }[], options: Record<string, unknown>): Slide;
  addNotes(notes: string): Slide;
}
interface Deck {
  layout: string;
  title: string;
  author: string;
  addSlide(): Slide;
  write(options: { outputType: 'nodebuffer' }): Promise<unknown>;
}
const PptxGenJS = ((pptxgenjs as unknown as { default?: unknown }).default ?? pptxgenjs) as new () => Deck;

const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** A file name from free text, with the date so repeated runs do not collide. */
const fileName = (title: string, ext: string) =>
  `${title.replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-').slice(0, 80) || 'untitled'}-${new Date().toISOString().replace(/[:.]/g, '-')}.${ext}`;

export const createQuickEvent = defineTool({
  name: 'Create Quick Event',
  id: 'create_quick_event',
  description: 'Create a calendar event as an .ics file in the library (folder /Calendar) that attendees can import.',
  inputSchema: z.object({
    title: z.string().min(1).max(300),
    start: z.iso.datetime({ offset: true }).describe('Start in ISO 8601, e.g. 2025-03-14T15:00:00Z'),
    duration_minutes: z.number().int().min(5).max(24 * 60).optional().describe('Default 30'),
    location: z.string().max(500).optional(),
    description: z.string().max(10_000).optional(),
    attendees: z.array(z.email()).max(100).optional(),
  }),
  async execute(input, ctx) {
    const { error, value } = ics.createEvent({
      title: input.title,
      start: new Date(input.start).getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { minutes: input.duration_minutes ?? 30 },
      location: input.location,
      description: input.description,
      attendees: input.attendees?.map((email) => ({ email, name: email, rsvp: true })),
      organizer: { email: ctx.user.email, name: ctx.user.email },
      status: 'CONFIRMED',
    });
    if (error || !value) return { error: `Could not create the event: ${error?.message ?? 'unknown error'}` };
    const doc = await insertDocument(storageOf(ctx), { libraryId: ctx.libraryId, folder: '/Calendar', name: fileName(input.title, 'ics'), mime: 'text/calendar', content: value, createdBy: ctx.user.id });
    return { document_id: doc.id, name: doc.name, folder: doc.folder, start: input.start, duration_minutes: input.duration_minutes ?? 30 };
  },
});

export const presentationBuilder = defineTool({
  name: 'Presentation Builder',
  id: 'presentation_builder',
  description: 'Build a PowerPoint deck (.pptx) from a title and slides of bullet points, saved in the library (folder /Presentations).',
  inputSchema: z.object({
    title: z.string().min(1).max(300),
    subtitle: z.string().max(500).optional(),
    slides: z
      .array(z.object({ title: z.string().min(1).max(300), bullets: z.array(z.string().max(1000)).max(12), notes: z.string().max(10_000).optional() }))
      .min(1)
      .max(50),
  }),
  async execute({ title, subtitle, slides }, ctx) {
    const deck = new PptxGenJS();
    deck.layout = 'LAYOUT_WIDE';
    deck.title = title;
    deck.author = ctx.user.email;
    const cover = deck.addSlide();
    cover.addText(title, { x: 0.6, y: 2.4, w: 12, h: 1.2, fontSize: 40, bold: true, color: '1F2937' });
    if (subtitle) cover.addText(subtitle, { x: 0.6, y: 3.7, w: 12, h: 0.8, fontSize: 22, color: '4B5563' });
    for (const s of slides) {
      const slide = deck.addSlide();
      slide.addText(s.title, { x: 0.6, y: 0.4, w: 12, h: 0.9, fontSize: 30, bold: true, color: '1F2937' });
      if (s.bullets.length) slide.addText(s.bullets.map((b) => ({ text: b, options: { bullet: true } })), { x: 0.8, y: 1.5, w: 11.5, h: 5.2, fontSize: 20, valign: 'top' });
      if (s.notes) slide.addNotes(s.notes);
    }
    const data = (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
    // the outline is the searchable, readable text of the deck
    const outline = [title, subtitle, ...slides.flatMap((s) => [`## ${s.title}`, ...s.bullets.map((b) => `- ${b}`)])].filter(Boolean).join('\n');
    const doc = await insertDocument(storageOf(ctx), { libraryId: ctx.libraryId, folder: '/Presentations', name: fileName(title, 'pptx'), mime: PPTX_MIME, content: outline, data, createdBy: ctx.user.id });
    return { document_id: doc.id, name: doc.name, folder: doc.folder, slides: slides.length + 1, size: doc.size };
  },
});
