import { inflateSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { csvField, formatReport, renderDocument, SLACK_LIMITS, toCsv, toHtml, toJson, toMarkdown, toSlackBlocks, UnsupportedFormatError, type BackgroundReport } from './format.js';

const report: BackgroundReport = {
  title: 'Stalled deals <weekly>',
  generatedAt: '2026-11-21T07:00:00.000Z',
  summary: 'Three deals & one risk.',
  sections: [{ heading: 'Risks', body: 'Acme "Corp" went quiet.\n\nFollow up <today>.' }],
  rows: [
    { deal: 'Acme, Inc.', amount: 12000, stalled: true },
    { deal: 'He said "hi"', amount: null, owner: 'a|b' },
    { deal: 'Multi\nline', amount: 5, stalled: false },
  ],
};

describe('markdown', () => {
  it('renders title, date, summary, sections and an escaped table', () => {
    const md = toMarkdown(report);
    expect(md).toContain('# Stalled deals <weekly>\n\n_Generated 2026-11-21T07:00:00.000Z_\n\nThree deals & one risk.');
    expect(md).toContain('## Risks\n\nAcme "Corp" went quiet.');
    expect(md).toContain('| deal | amount | stalled | owner |\n| --- | --- | --- | --- |');
    expect(md).toContain('| Acme, Inc. | 12000 | true |  |');
    expect(md).toContain('| He said "hi" |  |  | a\\|b |');
    expect(md).toContain('| Multi<br>line | 5 | false |  |');
  });
});

describe('html', () => {
  it('escapes every text', () => {
    const html = toHtml(report);
    expect(html).toContain('<h1>Stalled deals &lt;weekly&gt;</h1>');
    expect(html).toContain('<p>Three deals &amp; one risk.</p>');
    expect(html).toContain('<p>Acme &quot;Corp&quot; went quiet.</p>\n<p>Follow up &lt;today&gt;.</p>');
    expect(html).toContain('<th>deal</th><th>amount</th><th>stalled</th><th>owner</th>');
    expect(html).toContain('<td>He said &quot;hi&quot;</td><td></td><td></td><td>a|b</td>');
    expect(html).not.toMatch(/<(weekly|today)>/);
    const hostile = toHtml({ title: '<script>alert(1)</script>', generatedAt: '"><img src=x onerror=alert(1)>', rows: [{ "<b onmouseover='x'>": '<i>' }] });
    expect(hostile).not.toContain('<script>');
    expect(hostile).not.toContain('<img');
    expect(hostile).not.toContain('<b ');
    expect(hostile).toContain('&lt;b onmouseover=&#39;x&#39;&gt;');
  });
});

describe('json', () => {
  it('round-trips with every key present', () => {
    expect(JSON.parse(toJson(report))).toEqual({ ...report });
    expect(JSON.parse(toJson({ title: 't', generatedAt: 'g' }))).toEqual({ title: 't', generatedAt: 'g', summary: null, sections: [], rows: [] });
  });
});

describe('csv (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks, doubles quotes, ends lines with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('x\ny')).toBe('"x\ny"');
    expect(csvField('x\ry')).toBe('"x\ry"');
    expect(csvField(null)).toBe('');
    expect(toCsv(report)).toBe(
      'deal,amount,stalled,owner\r\n"Acme, Inc.",12000,true,\r\n"He said ""hi""",,,a|b\r\n"Multi\nline",5,false,\r\n',
    );
  });

  it('lists the summary and sections without rows', () => {
    expect(toCsv({ ...report, rows: [] })).toBe('heading,body\r\nSummary,Three deals & one risk.\r\nRisks,"Acme ""Corp"" went quiet.\n\nFollow up <today>."\r\n');
  });
});

describe('slack_blocks', () => {
  it('builds Block Kit blocks with escaped mrkdwn', () => {
    const { text, blocks } = toSlackBlocks(report);
    expect(text).toBe('Stalled deals &lt;weekly&gt;');
    expect(blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Stalled deals <weekly>', emoji: true } });
    expect(blocks[1]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'Generated 2026-11-21T07:00:00.000Z' }] });
    expect(blocks[2]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: 'Three deals &amp; one risk.' } });
    expect(blocks[3]).toEqual({ type: 'divider' });
    expect(blocks[4]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*Risks*\nAcme "Corp" went quiet.\n\nFollow up &lt;today&gt;.' } });
    const table = blocks[6] as { text: { text: string } };
    expect(table.text.text).toBe('```deal | amount | stalled | owner\nAcme, Inc. | 12000 | true | \nHe said "hi" |  |  | a|b\nMulti line | 5 | false | ```');
  });

  it('keeps to the Block Kit limits', () => {
    const long: BackgroundReport = {
      title: 'T'.repeat(300),
      generatedAt: 'now',
      sections: Array.from({ length: 60 }, (_, i) => ({ heading: `S${i}`, body: 'x'.repeat(5000) })),
      rows: [{ a: 'y'.repeat(5000) }],
    };
    const { blocks } = toSlackBlocks(long);
    expect(blocks).toHaveLength(SLACK_LIMITS.blocks);
    const header = blocks[0] as { text: { text: string } };
    expect(header.text.text).toHaveLength(SLACK_LIMITS.headerText);
    for (const b of blocks) if (b.type === 'section') expect(b.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionText);
    expect(blocks[blocks.length - 1].type).toBe('context');
  });
});

describe('formatReport', () => {
  it('names content type and extension; pdf is not a text format', () => {
    expect(formatReport(report, 'markdown')).toMatchObject({ contentType: 'text/markdown; charset=utf-8', extension: 'md' });
    expect(formatReport(report, 'html').extension).toBe('html');
    expect(formatReport(report, 'csv').contentType).toMatch(/^text\/csv/);
    expect(JSON.parse(formatReport(report, 'json').body).title).toBe(report.title);
    expect(JSON.parse(formatReport(report, 'slack_blocks').body).blocks[0].type).toBe('header');
    expect(() => formatReport(report, 'pdf')).toThrow(UnsupportedFormatError);
  });
});

describe('renderDocument', () => {
  it('renders a real PDF that opens: header, a cross-reference table that holds, pages and the text', async () => {
    const pdf = await renderDocument({ ...report, summary: 'Quarterly pipeline — 3 deals at risk' }, 'pdf');
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.extension).toBe('pdf');
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    const text = bytes.toString('latin1');
    expect(text).toMatch(/\/Type \/Page\b/);
    // the cross-reference table a viewer opens the file with: every object where it says
    const xrefAt = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n ?$/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(5);
    for (const [i, offset] of entries.entries()) expect(text.slice(offset, offset + 20)).toMatch(new RegExp(`^${i + 1} 0 obj`));
    // the page's drawn text (content streams are deflated; text is shown as hex strings)
    const shown = [...text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
      .map((m) => {
        try {
          return inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
        } catch {
          return '';
        }
      })
      .flatMap((content) => [...content.matchAll(/<([0-9a-f]+)> ?-?\d*/gi)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')))
      .join('');
    expect(shown).toContain('Quarterly');
    expect(shown).toContain('pipeline');
  });

  it('renders the text formats as formatReport does', async () => {
    expect((await renderDocument(report, 'csv')).body).toBe(formatReport(report, 'csv').body);
  });
});
