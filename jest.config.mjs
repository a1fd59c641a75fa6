// One jest run for every package: ESM (our dependencies are ESM-only), ts-jest transpiling only
// (type errors are caught once by `pnpm typecheck`), node for server/shared logic, jsdom for components.

// ESM-only packages that CommonJS dependencies require() (fastify's inject and @fastify/cookie need cookie@2,
// @fastify/static needs content-disposition@3). Node 20 runs require(esm); jest only from Node 24.9.
const ESM_ONLY_DEPS = ['content-disposition', 'cookie'];
const transform = {
  '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.jest.json' }],
  // useESM: CommonJS when require()d, left as ESM when import()ed
  [`/node_modules/(\\.pnpm/[^/]+/node_modules/)?(${ESM_ONLY_DEPS.join('|')})/.+\\.js$`]: [
    'ts-jest',
    { useESM: true, tsconfig: { allowJs: true, module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2022', isolatedModules: true } },
  ],
};
const moduleNameMapper = {
  '^@accent/shared$': '<rootDir>/shared/src/index.ts',
  '^@accent/shared/(client|ui|data)$': '<rootDir>/shared/src/$1/index.ts',
  '^@accent/shared/remotes$': '<rootDir>/shared/src/remotes/compat.ts',
  // each area's -common package (see its package.json "exports")
  '^@accent/(agents|missions|flows|background|pages)-common$': '<rootDir>/mfe-$1/common/src/index.ts',
  '^@accent/agents-common/client$': '<rootDir>/mfe-agents/common/src/client/index.ts',
  '^@accent/agents-common/run-stream$': '<rootDir>/mfe-agents/common/src/client/sse.ts',
  '^@accent/missions-common/data$': '<rootDir>/mfe-missions/common/src/data/index.ts',
  '^@accent/pages-common/basics$': '<rootDir>/mfe-pages/common/src/pages-basics.ts',
  '^@accent/shell-common$': '<rootDir>/shell/common/src/index.ts',
  '\\.(css)$': 'identity-obj-proxy',
  '\\.(png|svg|jpg|jpeg|gif|webp)$': '<rootDir>/tooling/jest/file-stub.cjs',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};
const common = {
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform,
  moduleNameMapper,
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_DEPS.map((n) => `\\.pnpm/${n}@|${n}/`).join('|')}))`],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/e2e/', '<rootDir>/bench/'],
};
export default {
  // Jest reads testTimeout from the top-level config only (a project's own is ignored, so both projects ran with
  // 5 s). A server test on a cold machine (first transpile of a lazily imported module, a busy core) or a form test
  // typing a whole mission (findBy waits up to 4 s, setup-dom.ts) can pass 5 s.
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      // a folder for this run's migrated and seeded test database (server/src/testing/seeded-database.ts)
      globalSetup: '<rootDir>/server/src/testing/jest-global-setup.mjs',
      globalTeardown: '<rootDir>/server/src/testing/jest-global-teardown.mjs',
      testMatch: ['<rootDir>/{server,shared,shell,mfe-*}/src/**/*.test.ts', '<rootDir>/{shell,mfe-*}/common/src/**/*.test.ts', '<rootDir>/scripts/**/*.test.mjs', '<rootDir>/tooling/*.test.mjs'],
    },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{shared,shell,mfe-*}/src/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tooling/jest/setup-dom.ts'],
    },
  ],
};
