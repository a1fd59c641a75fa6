import { createConfig } from '@accent/tooling';
export default createConfig({
  dir: import.meta.dirname,
  name: 'shell',
  port: 3100,
  // what /home needs first, prefetched by the lean signed-out pages (webpack.public.mjs) while the user types
  firstLoadScripts: { filename: 'first-load-scripts.json', requests: ['./bootstrap.js', '../layout/AppLayout.js', '../home/HomePage.js'] },
});
