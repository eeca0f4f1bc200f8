/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// One runner for everything: unit tests, API tests against a real PostgreSQL and HTTP server,
// and browser tests driving Debian's Chromium. Each test file gets its own database (see
// testing/global-setup.ts), so files run in parallel without seeing each other's rows.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true, decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/shared', '<rootDir>/server', '<rootDir>/renderer', '<rootDir>/electron'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  // jose is ESM-only; Jest on Node 20 loads it only once compiled to CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  globalSetup: '<rootDir>/testing/global-setup.ts',
  globalTeardown: '<rootDir>/testing/global-teardown.ts',
  setupFiles: ['reflect-metadata'],
  setupFilesAfterEnv: ['<rootDir>/testing/frozen-prototypes.ts'],
  testTimeout: 60_000,
  maxWorkers: 2,
};

export default config;
