// The signed-out pages (/, /landing, /login and the other sign-in screens) as a plain bundle without
// Module Federation: the same page components, with React Router, @accent/shared and the pages bundled
// and tree-shaken, no federation runtime, no axios. The server sends it to a visitor who is not signed
// in (server/src/static/sites.ts); after signing in the page loads the studio (the shell) in full.
import path from 'node:path';
import webpack from 'webpack';
import { createPlainConfig } from '@accent/tooling';

const dir = import.meta.dirname;
const plain = createPlainConfig({
  dir,
  name: 'shell_public',
  entry: './src/public/main.tsx',
  outDir: 'dist/public',
  publicPath: '/public/',
  template: 'public/index.html', // the shell's own page: same head, same root
});

export default (env, argv) => {
  const config = plain(env, argv);
  config.resolve.alias = {
    ...config.resolve.alias,
    // the few axios calls of the sign-in screens go through fetch (~14 KiB gzip less)
    axios$: path.join(dir, 'src/public/fetch-axios.ts'),
  };
  // @accent/shared's UI kit and domain modules have no side effects but their CSS: modules of the kit
  // no page uses are left out (the kit's tokens.css is imported by main.tsx).
  config.module.rules.push({ test: /[\\/]shared[\\/]src[\\/](ui|domain)[\\/].*\.tsx?$|[\\/]shared[\\/]src[\\/]index\.ts$/, sideEffects: false });
  config.plugins.push(
    // the shell's lazy route table brings every signed-in screen: the lean pages take their own preload
    new webpack.NormalModuleReplacementPlugin(/^\.\.\/app\/pages\.js$/, path.join(dir, 'src/public/preload.ts')),
  );
  return config;
};
