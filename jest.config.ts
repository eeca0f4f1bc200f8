/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// Three projects, by the test file's name (ARCHITECTURE.md, "Where tests go"):
// - unit (`*.test.ts[x]`): pure code and in-process fakes, no PostgreSQL: `npm run test:unit`;
// - api (`*.api.test.ts`): a real server, PostgreSQL or other real processes: `npm run test:api`;
// - browser (`*.e2e.test.ts`): Debian's Chromium on a built renderer: `npm run test:browser`.
// The api and browser projects share one PostgreSQL started by the global setup (once, whichever
// runs first); each test file gets its own database cloned from a migrated template
// (testing/global-setup.ts), so files run in parallel without seeing each other's rows.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true, decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

const API_TESTS = '**/*.api.test.ts';
const BROWSER_TESTS = '**/*.e2e.test.ts';

const base = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/shared',
    '<rootDir>/server',
    '<rootDir>/renderer',
    '<rootDir>/electron',
    '<rootDir>/testing',
  ],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  // jose, openid-client and its oauth4webapi are ESM-only; Jest loads them only once compiled to
  // CommonJS (Node 24 itself requires them as they are: tsx and the built server do). So are
  // intl-messageformat and its @formatjs parts (shared/i18n's ICU messages).
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|openid-client|oauth4webapi|intl-messageformat|@formatjs)/)',
  ],
  setupFiles: ['reflect-metadata'],
  setupFilesAfterEnv: ['<rootDir>/testing/frozen-prototypes.ts'],
} satisfies Config;

/** PostgreSQL for the projects that need it (started once, stopped once). */
const withDatabase = {
  globalSetup: '<rootDir>/testing/global-setup.ts',
  globalTeardown: '<rootDir>/testing/global-teardown.ts',
} satisfies Config;

const config: Config = {
  // Run-wide options: Jest reads these only here, not per project.
  maxWorkers: 2,
  testTimeout: 60_000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '\\.api\\.test\\.ts$', '\\.e2e\\.test\\.ts$'],
    },
    { ...base, ...withDatabase, displayName: 'api', testMatch: [API_TESTS] },
    { ...base, ...withDatabase, displayName: 'browser', testMatch: [BROWSER_TESTS] },
  ],
};

export default config;
