import { describe, expect, it } from '@jest/globals';
import { lastText, renderBody, renderDeep, renderTemplate, renderUrl, resolvePath, type FlowScope } from './templating.js';

const scope: FlowScope = {
  input: {
    payload: { name: 'Ada "the first"', amount: 42, items: [{ sku: 'A1' }, { sku: 'B2' }], flag: false },
    'llm-1': { text: 'Hello', usage: { totalTokens: 3 } },
    last: { text: 'Hello', usage: { totalTokens: 3 } },
  },
  nodes: {
    'llm-1': { output: { text: 'Hello', usage: { totalTokens: 3 } } },
    'node.with.dots': { output: { ok: true } },
  },
};

describe('flow templating', () => {
  it('fills payload, last, node and nodes.<id>.output paths', () => {
    expect(renderTemplate('Hi {{payload.name}}, {{ payload.amount }} items: {{payload.items[1].sku}} / {{payload.items.0.sku}}', scope)).toBe(
      'Hi Ada "the first", 42 items: B2 / A1',
    );
    expect(renderTemplate('{{last.text}} {{llm-1.usage.totalTokens}} {{nodes.llm-1.output.text}} {{nodes.node.with.dots.output.ok}}', scope)).toBe('Hello 3 Hello true');
    expect(renderTemplate('{{payload.flag}} {{payload.items}}', scope)).toBe('false [{"sku":"A1"},{"sku":"B2"}]');
  });

  it('leaves unknown placeholders as written', () => {
    expect(renderTemplate('x {{payload.missing}} {{nope}} y', scope)).toBe('x {{payload.missing}} {{nope}} y');
    expect(resolvePath(scope, 'payload.name.first')).toEqual({ found: false, value: undefined });
  });

  it('falls back to last for condition fields', () => {
    expect(resolvePath(scope, 'text', { fallbackToLast: true })).toEqual({ found: true, value: 'Hello' });
    expect(resolvePath(scope, 'text')).toEqual({ found: false, value: undefined });
  });

  it('renders JSON bodies structurally (escaped, typed) and text bodies as text', () => {
    expect(renderBody('{"who": "{{payload.name}}", "items": "{{payload.items}}", "n": "{{payload.amount}}", "s": "n={{payload.amount}}"}', scope)).toEqual({
      json: { who: 'Ada "the first"', items: [{ sku: 'A1' }, { sku: 'B2' }], n: 42, s: 'n=42' },
    });
    expect(renderBody({ nested: ['{{last.text}}'] }, scope)).toEqual({ json: { nested: ['Hello'] } });
    expect(renderBody('Dear {{payload.name}}', scope)).toEqual({ text: 'Dear Ada "the first"' });
    expect(renderBody('{broken {{payload.amount}}', scope)).toEqual({ text: '{broken 42' });
    expect(renderBody('', scope)).toBeNull();
    expect(renderDeep('{{payload.missing}}', scope)).toBe('{{payload.missing}}');
  });

  it('percent-encodes values in a URL path or query, not in its scheme and host', () => {
    const urlScope: FlowScope = { input: { payload: { base: 'https://api.example.com/v2', id: 'a b/c?d=1&e', host: 'crm.example' } }, nodes: {} };
    expect(renderUrl('{{payload.base}}/items/{{payload.id}}?q={{payload.id}}', urlScope)).toBe('https://api.example.com/v2/items/a%20b%2Fc%3Fd%3D1%26e?q=a%20b%2Fc%3Fd%3D1%26e');
    expect(renderUrl('https://{{payload.host}}/x/{{payload.id}}', urlScope)).toBe('https://crm.example/x/a%20b%2Fc%3Fd%3D1%26e');
    expect(renderUrl('https://example.com?id={{payload.id}}', urlScope)).toBe('https://example.com?id=a%20b%2Fc%3Fd%3D1%26e');
    expect(renderUrl('https://example.com/{{payload.nope}}', urlScope)).toBe('https://example.com/{{payload.nope}}');
  });

  it('takes the incoming text', () => {
    expect(lastText(scope)).toBe('Hello');
    expect(lastText({ input: { last: { a: 1 } }, nodes: {} })).toBe('{"a":1}');
    expect(lastText({ input: { last: 'plain' }, nodes: {} })).toBe('plain');
  });
});
