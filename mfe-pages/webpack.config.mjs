import { createConfig } from '@accent/tooling';
export default createConfig({ dir: import.meta.dirname, name: 'mfe_pages', port: 3105, exposes: { './module': './src/module.ts' }, title: 'Accent Studio · Pages' });
