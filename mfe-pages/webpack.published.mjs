// The published page (/p/{slug}): a plain bundle without Module Federation, React included, no router,
// jotai or supabase, served by the server from dist/published/ under /mfe/pages/published/.
import { createPlainConfig } from '@accent/tooling';
export default createPlainConfig({
  dir: import.meta.dirname,
  name: 'mfe_pages_published',
  entry: './src/published/main.tsx',
  outDir: 'dist/published',
  publicPath: '/mfe/pages/published/',
  template: 'src/published/index.html',
  title: 'Accent Page',
});
