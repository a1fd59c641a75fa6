import { describe, expect, it } from '@jest/globals';
import { parseEditorTarget, targetKey } from './route.js';

const q = (s = '') => new URLSearchParams(s);

describe('editor route', () => {
  it('reads /agents/new with an optional template', () => {
    expect(parseEditorTarget('new', q())).toEqual({ mode: 'new', template: null });
    expect(parseEditorTarget('new/', q('template=task'))).toEqual({ mode: 'new', template: 'task' });
  });

  it('reads /agents/edit/<name> (decoded by the router) and local copies', () => {
    expect(parseEditorTarget('edit/Lead Qualifier', q())).toEqual({ mode: 'edit', name: 'Lead Qualifier' });
    expect(parseEditorTarget('edit/Lead Qualifier (Copy)', q('copy=abc'))).toEqual({ mode: 'copy', name: 'Lead Qualifier (Copy)', copyId: 'abc' });
  });

  it('rejects anything else', () => {
    for (const splat of [undefined, '', 'edit', 'edit/', 'other', 'new/extra']) expect(parseEditorTarget(splat, q())).toBeNull();
  });

  it('keys targets by identity', () => {
    expect(targetKey({ mode: 'edit', name: 'a' })).not.toBe(targetKey({ mode: 'copy', name: 'a', copyId: 'a' }));
    expect(targetKey({ mode: 'new', template: null })).not.toBe(targetKey({ mode: 'new', template: 'task' }));
  });
});
