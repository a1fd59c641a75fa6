import { createConfig } from '@accent/tooling';
export default createConfig({ dir: import.meta.dirname, name: 'mfe_flows', port: 3103, exposes: { './module': './src/module.ts' }, title: 'Accent Studio · AI Flows' });
