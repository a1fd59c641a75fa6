import { createConfig } from '@accent/tooling';
export default createConfig({ dir: import.meta.dirname, name: 'mfe_agents', port: 3101, exposes: { './module': './src/module.ts' }, title: 'Accent Studio · Agents' });
