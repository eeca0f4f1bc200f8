import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import ts from 'typescript';

const root = import.meta.dirname;
const TS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'];

/** Tests and their helpers start the server and drive the agent: they may cross process lines. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'renderer/vite.config.ts'];

/** Each process is a folder; shared/ is the contract between them. Paths are resolved, so a
 * relative import at any depth is caught. */
const zone = (target, from, message) => ({ target, from, message });
const PROCESS_ZONES = {
  shared: zone('shared', ['server', 'renderer', 'electron'], 'shared/ imports no process.'),
  renderer: zone('renderer', ['server', 'electron'], 'The renderer imports only shared/.'),
  server: zone(
    'server',
    ['renderer', 'electron'],
    'server/ imports neither renderer/ nor electron/.',
  ),
  electron: zone(
    'electron',
    ['renderer', 'server'],
    'electron/ imports neither renderer/ nor server/.',
  ),
};

/** renderer/features/<area> is entered through its index only, except from within the area. */
const FEATURE_ZONES = readdirSync(path.join(root, 'renderer/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: [
      '!(renderer)/**',
      '*.*',
      'renderer/*.*',
      'renderer/!(features)/**',
      'renderer/features/*.*',
      `renderer/features/!(${name})/**`,
    ],
    from: `renderer/features/${name}`,
    except: ['./index.ts', './index.tsx'],
    message: `Import renderer/features/${name} through its index.ts.`,
  }));

/**
 * No import cycles, `import type` included (import-x/no-cycle skips type-only imports, and a
 * type in the wrong home is what a cycle of this repository usually is). Relative imports are
 * followed through the files on disk, each scanned once per run with TypeScript's pre-processor.
 */
const CODE = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'];
const CODE_FILE = /\.[mc]?[jt]sx?$/;
const scanned = new Map();

function isFile(file) {
  return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    ...CODE.map((ext) => base + ext),
    ...CODE.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => CODE_FILE.test(file) && isFile(file)) ?? null;
}

function importsOf(file) {
  const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  const known = scanned.get(file);
  if (known && known.mtime === mtime) return known.imports;
  const text = mtime === undefined ? '' : readFileSync(file, 'utf8');
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((ref) => resolveRelative(file, ref.fileName))
    .filter((target) => target !== null);
  scanned.set(file, { mtime, imports });
  return imports;
}

/** The import path from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === goal) {
        const chain = [file];
        for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}' },
  },
  create(context) {
    const self = context.physicalFilename;
    const check = (node) => {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      const target = resolveRelative(self, node.source.value);
      if (!target || target === self) return;
      const chain = pathBack(target, self);
      if (!chain) return;
      const names = [self, ...chain, self].map((file) => path.relative(root, file));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * shared/api builds every schema on the bounded primitives of shared/api/common.ts (ids within
 * int4, real calendar days, text without NUL) and on its `out` shapes for answers: zod's own
 * strings, numbers, coercions and formats are refused elsewhere in shared/api, so an input cannot
 * skip the bounds PostgreSQL needs.
 */
const RAW_ZOD = new Set([
  'string',
  'number',
  'int',
  'int32',
  'uint32',
  'float32',
  'float64',
  'bigint',
  'coerce',
  'iso',
  'date',
  'email',
  'url',
  'uuid',
  'guid',
  'stringFormat',
  'templateLiteral',
  'any',
  'unknown',
]);
const boundedPrimitives = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return {
      MemberExpression(node) {
        if (node.object.type !== 'Identifier' || node.object.name !== 'z') return;
        const name = node.property.type === 'Identifier' ? node.property.name : undefined;
        if (node.computed || !RAW_ZOD.has(name)) return;
        context.report({
          node,
          message: `z.${name} is unbounded: build inputs on the primitives of shared/api/common.ts (text, id, idParam, int, decimal, calendarDate, instant, timestamp, timeZone …) and answers on its \`out\` shapes.`,
        });
      },
    };
  },
};

const restrictedPaths = (zones) => [
  'error',
  { basePath: root, zones: [...zones, ...FEATURE_ZONES] },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'test-artifacts/**',
      'server/db/migrations/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Fences between the folders (ARCHITECTURE.md): no import cycles, and who may import whom.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX, fences: { rules: { 'no-cycle': noCycle } } },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: TS })] },
    rules: {
      'fences/no-cycle': 'error',
      // Tests keep the fences of shared/ and of the feature indexes ...
      'import-x/no-restricted-paths': restrictedPaths([PROCESS_ZONES.shared]),
    },
  },
  {
    // ... and the code that ships keeps them all.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    ignores: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': restrictedPaths(Object.values(PROCESS_ZONES)) },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The renderer runs in a browser: no Node built-ins.
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.ts', 'renderer/**/*.test.tsx', 'renderer/vite.config.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*'] }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['shared/api/**/*.ts'],
    ignores: ['shared/api/common.ts', 'shared/api/**/*.test.ts'],
    plugins: { inputs: { rules: { 'bounded-primitives': boundedPrimitives } } },
    rules: { 'inputs/bounded-primitives': 'error' },
  },
  prettier,
);
