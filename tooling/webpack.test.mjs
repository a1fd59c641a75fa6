import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { htmlTemplate } from './webpack.mjs';

const root = path.join(import.meta.dirname, '..');

describe('htmlTemplate', () => {
  it('gives a remote the one page in tooling, with the title the build sets and a root to render into', async () => {
    const template = htmlTemplate(path.join(root, 'mfe-agents'));
    expect(template).toBe(path.join(import.meta.dirname, 'remote.html'));
    const html = await readFile(template, 'utf8');
    expect(html).toContain('<title><%= htmlWebpackPlugin.options.title %></title>');
    expect(html).toContain('<div id="root"></div>');
  });

  it("keeps an app's own page where it has one (the shell's)", () => {
    expect(htmlTemplate(path.join(root, 'shell'))).toBe(path.join(root, 'shell/public/index.html'));
  });
});
