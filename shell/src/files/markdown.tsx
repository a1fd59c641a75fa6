// A small Markdown renderer for the preview: it builds React elements, never HTML strings, so whatever a
// file holds (<script>, onerror=…, raw HTML) is shown as text. Headings, paragraphs, lists, quotes, code,
// rules, emphasis and links; links only to http(s) and mailto, opened in a new tab without an opener.
import type { ReactNode } from 'react';

const SAFE_LINK = /^(https?:|mailto:)/i;

/** Inline Markdown of one block's text → React nodes. */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  // code first (nothing inside it is Markdown), then links, bold, italic
  const pattern = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_/g;
  let last = 0;
  let n = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const key = `${keyPrefix}-${n++}`;
    const [, code, linkText, href, bold1, bold2, em1, em2] = match;
    if (code !== undefined) nodes.push(<code key={key}>{code}</code>);
    else if (linkText !== undefined && href !== undefined)
      nodes.push(
        SAFE_LINK.test(href) ? (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer">
            {renderInline(linkText, key)}
          </a>
        ) : (
          linkText
        ),
      );
    else if (bold1 !== undefined || bold2 !== undefined) nodes.push(<strong key={key}>{renderInline(bold1 ?? bold2 ?? '', key)}</strong>);
    else nodes.push(<em key={key}>{renderInline(em1 ?? em2 ?? '', key)}</em>);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function Markdown({ source }: { source: string }) {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  const key = () => `b-${blocks.length}`;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) code.push(lines[i++]!);
      i++; // the closing fence
      blocks.push(
        <pre key={key()}>
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const Tag = `h${Math.min(heading[1]!.length + 1, 6)}` as 'h2'; // the dialog's title is the h2 above them
      blocks.push(<Tag key={key()}>{renderInline(heading[2]!, key())}</Tag>);
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push(<hr key={key()} />);
      i++;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s*>\s?/, ''));
      blocks.push(
        <blockquote key={key()}>
          <Markdown source={quoted.join('\n')} />
        </blockquote>,
      );
      continue;
    }
    const listItem = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;
    const first = listItem.exec(line);
    if (first) {
      const ordered = first[2] !== undefined;
      const items: string[] = [];
      for (let m = listItem.exec(lines[i] ?? ''); m && (m[2] !== undefined) === ordered; m = listItem.exec(lines[i] ?? '')) {
        items.push(m[3]!);
        i++;
      }
      const k = key();
      // biome-ignore lint/suspicious/noArrayIndexKey: a rendered file's items never reorder
      const children = items.map((item, j) => <li key={`${k}-${j}`}>{renderInline(item, `${k}-${j}`)}</li>);
      blocks.push(ordered ? <ol key={k}>{children}</ol> : <ul key={k}>{children}</ul>);
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^\s*(```|~~~|#{1,6}\s|>|([-*+]|\d+[.)])\s)/.test(lines[i]!)) paragraph.push(lines[i++]!.trim());
    if (paragraph.length === 0) paragraph.push(lines[i++]!.trim());
    const k = key();
    blocks.push(<p key={k}>{renderInline(paragraph.join(' '), k)}</p>);
  }
  return <>{blocks}</>;
}
