// Builds a throw-away STATIC_ROOT with the given files, standing in for built shell and remote folders.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export function makeStaticRoot(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'accent-static-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
