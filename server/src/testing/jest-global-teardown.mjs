// jest globalTeardown: removes the folder jest-global-setup.mjs made for this run.
import { rmSync } from 'node:fs';

export default function removeRunFolder() {
  const dir = process.env.ACCENT_TEST_DB_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
