import { createConfig } from '@accent/tooling';
export default createConfig({ dir: import.meta.dirname, name: 'shell', port: 3100 });
