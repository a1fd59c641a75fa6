import { createConfig } from '@accent/tooling';
export default createConfig({ dir: import.meta.dirname, name: 'mfe_missions', port: 3102, exposes: { './module': './src/module.ts' }, title: 'Accent Studio · Missions' });
