import { chunkBlocks } from './chunk.js';
import { makeDocx, makePdf } from './fixtures.js';
import { knowledgeMimeFor, parseCsv, parseDocument, parseHtml, parseMarkdown } from './parse.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('parsing knowledge files', () => {
  it('reads a PDF page by page, keeping page numbers', async () => {
    const pdf = await makePdf(['The warranty lasts two years.\n\nIt covers parts and labour.', 'Returns are accepted within thirty days.']);
    const parsed = await parseDocument('application/pdf', pdf);
    expect(parsed.pages).toBe(2);
    expect(parsed.blocks.find((b) => b.text.includes('warranty'))?.page).toBe(1);
    expect(parsed.blocks.find((b) => b.text.includes('thirty days'))?.page).toBe(2);
  });

  it('refuses a file that is not a PDF with a reason', async () => {
    await expect(parseDocument('application/pdf', encode('not a pdf'))).rejects.toThrow(/The PDF could not be read/);
  });

  it('reads a Word document with its headings as sections', async () => {
    const docx = makeDocx([{ heading: 'Onboarding' }, { text: 'New staff get a laptop on day one.' }, { heading: 'Travel' }, { text: 'Book trains for trips under four hours.' }]);
    const parsed = await parseDocument('application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx);
    expect(parsed.blocks).toEqual([
      { text: 'New staff get a laptop on day one.', page: null, section: 'Onboarding' },
      { text: 'Book trains for trips under four hours.', page: null, section: 'Travel' },
    ]);
  });

  it('reads Markdown sections by heading, leaving code fences alone', () => {
    const parsed = parseMarkdown('# Guide\nIntro line.\n\n## Install\nRun the installer.\n```\n# not a heading\n```\n\n## Use\nOpen the app.');
    expect(parsed.blocks.map((b) => [b.section, b.text])).toEqual([
      ['Guide', 'Intro line.'],
      ['Install', 'Run the installer.\n```\n# not a heading\n```'],
      ['Use', 'Open the app.'],
    ]);
  });

  it('strips HTML to text: scripts, styles and comments never become text, entities are decoded', () => {
    const parsed = parseHtml(
      '<html><head><title>x</title><style>p{color:red}</style></head><body><h1>Prices &amp; plans</h1><p>Team costs <b>$399</b>&nbsp;a month.</p><script>alert("pwned")</script><!-- secret --><h2>FAQ</h2><p>Ask us &#x41;nything.<br>Really.</p></body></html>',
    );
    expect(parsed.blocks).toEqual([
      { text: 'Team costs $399 a month.', page: null, section: 'Prices & plans' },
      { text: 'Ask us Anything.\nReally.', page: null, section: 'FAQ' },
    ]);
    expect(JSON.stringify(parsed)).not.toMatch(/pwned|secret|color/);
  });

  it('reads CSV rows as "column: value" records, quotes included', () => {
    const parsed = parseCsv('region,manager,notes\r\nNorth,"Ada, Lovelace","says ""hi""\nand bye"\nSouth,Grace,\n');
    expect(parsed.blocks).toEqual([
      { text: 'region: North; manager: Ada, Lovelace; notes: says "hi"\nand bye', page: null, section: 'row 2' },
      { text: 'region: South; manager: Grace; notes:', page: null, section: 'row 3' },
    ]);
  });

  it('reads plain text by paragraphs and knows types by extension', async () => {
    const parsed = await parseDocument('text/plain', encode('\uFEFFFirst paragraph.\n\n\nSecond one.'));
    expect(parsed.blocks.map((b) => b.text)).toEqual(['First paragraph.', 'Second one.']);
    expect(knowledgeMimeFor('Report.PDF')).toBe('application/pdf');
    expect(knowledgeMimeFor('notes.markdown')).toBe('text/markdown');
    expect(knowledgeMimeFor('virus.exe')).toBeNull();
    expect(knowledgeMimeFor('no-extension')).toBeNull();
  });
});

describe('chunking', () => {
  const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

  it('packs small blocks of one place together and never mixes pages or sections', () => {
    const chunks = chunkBlocks(
      [
        { text: 'a one', page: 1, section: null },
        { text: 'a two', page: 1, section: null },
        { text: 'b one', page: 2, section: null },
        { text: 'c one', page: null, section: 'Intro' },
      ],
      { maxChars: 100, overlap: 10 },
    );
    expect(chunks).toEqual([
      { position: 0, text: 'a one\n\na two', page: 1, section: null },
      { position: 1, text: 'b one', page: 2, section: null },
      { position: 2, text: 'c one', page: null, section: 'Intro' },
    ]);
  });

  it('splits long text within the size, each chunk starting with the end of the one before', () => {
    const text = words(300);
    const chunks = chunkBlocks([{ text, page: 3, section: null }], { maxChars: 200, overlap: 40 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(202);
      expect(chunk.page).toBe(3);
    }
    for (let i = 1; i < chunks.length; i++) {
      const firstWord = chunks[i].text.split(/\s+/)[0];
      expect(chunks[i - 1].text).toContain(firstWord);
    }
    // every word of the text is in some chunk
    const covered = new Set(chunks.flatMap((c) => c.text.split(/\s+/)));
    expect(text.split(' ').every((w) => covered.has(w))).toBe(true);
    expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
  });
});
