// What the editor's splat route (/agents/*) addresses: /agents/new[?template=<id>], /agents/edit/<name>[?copy=<id>].

export type EditorTarget =
  | { mode: 'new'; template: string | null }
  | { mode: 'edit'; name: string }
  | { mode: 'copy'; name: string; copyId: string };

/** `splat` is react-router's decoded `*` param. null when the path is not an editor path. */
export function parseEditorTarget(splat: string | undefined, search: URLSearchParams): EditorTarget | null {
  const path = (splat ?? '').replace(/\/+$/, '');
  if (path === 'new') return { mode: 'new', template: search.get('template') };
  if (path.startsWith('edit/') && path.length > 'edit/'.length) {
    const name = path.slice('edit/'.length);
    const copyId = search.get('copy');
    return copyId ? { mode: 'copy', name, copyId } : { mode: 'edit', name };
  }
  return null;
}

export const targetKey = (t: EditorTarget) =>
  t.mode === 'new' ? `new:${t.template ?? ''}` : t.mode === 'copy' ? `copy:${t.copyId}` : `edit:${t.name}`;
