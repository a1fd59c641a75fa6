// One webpack factory for the shell and every remote (DESIGN.md §3): same loaders, same shared
// singletons, same output rules. An app's webpack.config.mjs is a few lines calling createConfig.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { constants as zlibConstants } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const require = createRequire(import.meta.url);

/** Singletons shared by every app. Versions are plain semver (workspace:* is not valid for requiredVersion). */
export function sharedSingletons(appDir) {
  const pkg = require(path.join(appDir, 'package.json'));
  const sharedPkg = require('../shared/package.json');
  const deps = pkg.dependencies ?? {};
  const singleton = (name) => ({ singleton: true, requiredVersion: `^${deps[name]}`, strictVersion: false });
  // The contract: an app needs the major.minor it was built against (any later minor or patch of the same
  // major serves it); the shell's registry check reads this range from each remote's mf-manifest.json.
  const [major, minor] = sharedPkg.version.split('.');
  const own = { singleton: true, version: sharedPkg.version, requiredVersion: `^${major}.${minor}` };
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    'react-router': singleton('react-router'),
    'react-router-dom': singleton('react-router-dom'),
    jotai: singleton('jotai'),
    axios: singleton('axios'),
    ...(deps['@supabase/supabase-js'] ? { '@supabase/supabase-js': singleton('@supabase/supabase-js') } : {}),
    '@accent/shared': own,
    '@accent/shared/client': own,
    '@accent/shared/ui': own,
    '@accent/shared/data': own,
  };
}

/** How every app resolves modules: TypeScript sources, @accent/shared from source. */
export function resolveOptions() {
  return {
    extensions: ['.tsx', '.ts', '.js', '.mjs'],
    // @accent/shared is consumed from source (its "@accent/source" export condition); its imports use .js.
    conditionNames: ['@accent/source', 'browser', 'import', 'module', 'default'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  };
}

/** The loaders of every app: TS/TSX through swc, CSS Modules named after the app, plain CSS, images. */
export function moduleRules({ name, production }) {
  // loaders run last to first: CSS is minified before css-loader reads it
  const minifyCss = production ? [path.join(import.meta.dirname, 'css-minify-loader.mjs')] : [];
  return [
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            // the production JSX runtime in development too: a remote's dev build tried inside a deployed studio
            // renders with the studio's (production) React, which has no dev-only hooks for jsxDEV
            // ("dispatcher.getOwner is not a function"); standalone, it runs on development React just as well
            transform: { react: { runtime: 'automatic', development: false } },
            target: 'es2022',
          },
        },
      },
    },
    {
      test: /\.module\.css$/,
      use: [
        require.resolve('style-loader'),
        {
          loader: require.resolve('css-loader'),
          options: {
            // a file pulled in by `composes: … from '…'` goes through the minifier too, not only the importing file
            importLoaders: minifyCss.length,
            // no inline CSS source maps in a production bundle: they carried each module's original CSS again
            sourceMap: !production,
            modules: {
              namedExport: false,
              exportLocalsConvention: 'as-is',
              localIdentName: production ? `${name}_[hash:base64:6]` : `${name}_[name]_[local]`,
            },
          },
        },
        ...minifyCss,
      ],
    },
    {
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: [require.resolve('style-loader'), { loader: require.resolve('css-loader'), options: { sourceMap: !production } }, ...minifyCss],
    },
    { test: /\.(png|svg|jpg|jpeg|gif|webp)$/i, type: 'asset/resource' },
  ];
}

/**
 * Every emitted text asset also as `.br` and `.gz` beside it, at the highest levels: it is paid once per
 * build, and the server (`preCompressed`) then sends the smaller file with no work per request.
 * Production only: dev servers compress on the fly.
 */
export function precompressPlugins() {
  const test = /\.(js|mjs|css|html|json|svg|txt)$/; // not source maps: only devtools read them
  return [
    new CompressionPlugin({ test, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 }, threshold: 0, minRatio: 1 }),
    new CompressionPlugin({
      test,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } },
      threshold: 0,
      minRatio: 1,
    }),
  ];
}

/**
 * A plain bundle without Module Federation (everything bundled, React included), e.g. a remote's
 * published page served by the server apart from the studio.
 * @param {object} o
 * @param {string} o.dir        the app's folder
 * @param {string} o.name       a unique name (CSS class prefix, webpack uniqueName)
 * @param {string} o.entry      entry module, relative to dir
 * @param {string} o.outDir     output folder, relative to dir
 * @param {string} o.publicPath absolute URL path the assets are served under
 * @param {string} o.template   html template, relative to dir
 * @param {string} [o.title]
 */
export function createPlainConfig({ dir, name, entry, outDir, publicPath, template, title = 'Accent Studio' }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      entry,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, outDir),
        publicPath,
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      cache: { type: 'filesystem', cacheDirectory: path.join(dir, `node_modules/.cache/webpack-${name}`) },
      resolve: resolveOptions(),
      module: { rules: moduleRules({ name, production }) },
      plugins: [
        new HtmlWebpackPlugin({ template: path.join(dir, template), title, publicPath, scriptLoading: 'defer' }),
        ...(production ? precompressPlugins() : []),
      ],
      performance: { hints: false },
    };
  };
}

/**
 * One federation runtime per page: the shell bundles it and hands it to every remote
 * (`provideExternalRuntime`), and a production remote entry leaves it out and takes the shell's
 * (`externalRuntime`: the global `_FEDERATION_RUNTIME_CORE`), instead of ~27 KiB gzip in each entry.
 * A remote's dev server keeps its own runtime: `webpack serve` runs it standalone, with no shell to
 * provide one (it still works inside a dev shell, which then loads its own copy).
 */
export function federationRuntime({ isRemote, production }) {
  if (!isRemote) return { provideExternalRuntime: true };
  return production ? { externalRuntime: true } : {};
}

/**
 * Writes `<filename>`: the JS files a first render after sign-in needs (the entry, the chunk groups
 * of `requests`, and every shared module's fallback chunk they consume). A page that is not this
 * app (the shell's lean signed-out pages) prefetches them while the user types, so the next page
 * load finds them in the browser's cache.
 */
export class FirstLoadScriptsPlugin {
  /** @param {{ filename: string, requests: string[] }} o */
  constructor({ filename, requests }) {
    this.filename = filename;
    this.requests = new Set(requests);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FirstLoadScriptsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FirstLoadScriptsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = new Set();
        const seen = new Set();
        // consume-shared: a shared singleton's own chunk, loaded as soon as the module that imports it is
        const wanted = (group) => group.origins.some((o) => this.requests.has(o.request) || o.module?.type === 'consume-shared-module');
        const visit = (group) => {
          if (seen.has(group)) return;
          seen.add(group);
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          for (const child of group.childrenIterable) if (wanted(child)) visit(child);
        };
        for (const entrypoint of compilation.entrypoints.values()) visit(entrypoint);
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
        compilation.emitAsset(this.filename, new sources.RawSource(JSON.stringify([...files].map((f) => `${publicPath}${f}`))));
      });
    });
  }
}

/** The origin of an Origin or Referer header, or null. */
function originOf(header) {
  try {
    return header ? new URL(header).origin : null;
  } catch {
    return null;
  }
}

/**
 * The dev server's answer to other sites. A deployed studio may load a developer's local remote
 * (`?remote.agents=http://localhost:3101/mf-manifest.json`) when the dev server is started with that studio's
 * origin in STUDIO_ORIGINS (comma-separated, e.g. `STUDIO_ORIGINS=https://studio.example.com pnpm dev`);
 * any other site's cross-site request is refused, as webpack-dev-server does by default (a page elsewhere
 * must not read the code under development), but with a sentence that says what to set.
 * @param {string | undefined} setting STUDIO_ORIGINS
 */
export function devServerAccess(setting = process.env.STUDIO_ORIGINS) {
  const studios = (setting ?? '')
    .split(',')
    .map((o) => originOf(o.trim()))
    .filter(Boolean);
  const gate = (req, res, next) => {
    if (req.headers['sec-fetch-site'] !== 'cross-site') return next();
    const from = originOf(req.headers.origin) ?? originOf(req.headers.referer);
    if (from && studios.includes(from)) return next();
    res.statusCode = 403;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end(
      `This dev server answers other sites only when started with their origin in STUDIO_ORIGINS${from ? ` (e.g. STUDIO_ORIGINS=${from})` : ''}; the studio must also name this dev server in its DEV_REMOTE_ORIGINS.`,
    );
  };
  return {
    // past the gate, webpack-dev-server's own check lets a named studio's page load scripts (no-cors) and
    // open the live-reload socket
    ...(studios.length ? { allowedHosts: ['localhost', '127.0.0.1', ...studios.map((o) => new URL(o).hostname)] } : {}),
    setupMiddlewares: (middlewares) => [{ name: 'studio-origins', middleware: gate }, ...middlewares],
  };
}

/**
 * The page an app's build writes: its own public/index.html (the shell's, with its description and
 * icon), else the one page every remote serves standalone (tooling/remote.html: a root to render into).
 * @param {string} dir the app's folder
 */
export function htmlTemplate(dir) {
  const own = path.join(dir, 'public/index.html');
  return existsSync(own) ? own : path.join(import.meta.dirname, 'remote.html');
}

/**
 * @param {object} o
 * @param {string} o.dir        the app's folder
 * @param {string} o.name       federation name (e.g. 'shell', 'mfe_agents')
 * @param {number} o.port       dev server port
 * @param {Record<string,string>} [o.exposes]  remotes only: { './module': './src/module.ts' }
 * @param {string} [o.title]    html title
 * @param {{ filename: string, requests: string[] }} [o.firstLoadScripts]  see FirstLoadScriptsPlugin
 */
export function createConfig({ dir, name, port, exposes, title = 'Accent Studio', firstLoadScripts }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const isRemote = Boolean(exposes);
    return {
      context: dir,
      entry: './src/index.ts',
      mode: production ? 'production' : 'development',
      // no eval in development either: the studio's CSP has no 'unsafe-eval', and a local remote runs under it
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      cache: { type: 'filesystem', cacheDirectory: path.join(dir, 'node_modules/.cache/webpack') },
      resolve: resolveOptions(),
      module: { rules: moduleRules({ name, production }) },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes, manifest: true } : { remotes: {}, shareStrategy: 'loaded-first' }),
          shared: sharedSingletons(dir),
          experiments: federationRuntime({ isRemote, production }),
          dts: false,
        }),
        // Absolute script URLs so deep links (/agents/x) load the bundle from the root.
        new HtmlWebpackPlugin({ template: htmlTemplate(dir), title, publicPath: '/' }),
        ...(firstLoadScripts ? [new FirstLoadScriptsPlugin(firstLoadScripts)] : []),
        ...(production ? precompressPlugins() : []),
      ],
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...devServerAccess(),
        proxy: [{ context: ['/api', '/rest', '/mfe'], target: process.env.ACCENT_SERVER ?? 'http://localhost:3000' }],
      },
    };
  };
}
