import { createConfig } from '@accent/tooling';
export default createConfig({ dir: import.meta.dirname, name: 'mfe_background', port: 3104, exposes: { './module': './src/module.ts' }, title: 'Accent Studio · Background Agents' });
