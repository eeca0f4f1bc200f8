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

/** The path from `start` back to `goal` along `next` (a file's imports by default), or null. */
function pathBack(start, goal, next = importsOf) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const neighbour of next(node)) {
      if (neighbour === goal) {
        const chain = [node];
        for (let at = cameFrom.get(node); at; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (!cameFrom.has(neighbour)) {
        cameFrom.set(neighbour, node);
        queue.push(neighbour);
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
 * No cycles between the areas of server/domain (folders): `rejection` → `analyzer` → `rejection`
 * is refused even when no file cycle forms, since the areas could then no longer be read, tested
 * or moved one at a time. Reported on each import from one area into another that reaches back.
 */
const DOMAIN = path.join(root, 'server/domain');

/** The area (folder of server/domain) a file belongs to; null for shared files and tests. */
function domainArea(file) {
  const relative = path.relative(DOMAIN, file);
  const parts = relative.split(path.sep);
  if (relative.startsWith('..') || parts.length < 2 || /\.test\.tsx?$/.test(file)) return null;
  return parts[0];
}

function domainFiles(dir = DOMAIN) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return domainFiles(file);
    return CODE_FILE.test(entry.name) ? [file] : [];
  });
}

/** Which areas each area imports, and through which file (for the message). */
function areaGraph() {
  const graph = new Map();
  for (const file of domainFiles()) {
    const from = domainArea(file);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = domainArea(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, path.relative(root, file));
    }
  }
  return graph;
}

const noAreaCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid cycles between the areas of server/domain.' },
    schema: [],
    messages: { cycle: 'Domain areas import each other: {{chain}} ({{via}})' },
  },
  create(context) {
    const self = context.physicalFilename;
    const from = domainArea(self);
    if (!from) return {};
    let graph;
    const check = (node) => {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      const target = resolveRelative(self, node.source.value);
      const to = target && domainArea(target);
      if (!to || to === from) return;
      graph ??= areaGraph();
      const chain = pathBack(to, from, (area) => graph.get(area)?.keys() ?? []);
      if (!chain) return;
      const via = chain.map((area, i) => graph.get(area).get(chain[i + 1] ?? from));
      context.report({
        node,
        messageId: 'cycle',
        data: { chain: [from, ...chain, from].join(' → '), via: via.join(', ') },
      });
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
 * shared/api (and any schema a route declares in server/routes) builds every schema on the bounded primitives of shared/api/common.ts (ids within
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

/**
 * Migrations are frozen: they hold the SQL they ran as literals and import nothing but typeorm's
 * types, so what an old migration does on a fresh install never changes with live code.
 */
const frozenMigration = {
  meta: {
    type: 'problem',
    docs: { description: 'A migration imports only types from typeorm.' },
    schema: [],
    messages: {
      live: 'A migration is frozen: it imports only types from typeorm, not {{source}} (write its SQL out).',
    },
  },
  create(context) {
    const typesOnly = (node) =>
      node.importKind === 'type' ||
      (node.specifiers?.length > 0 &&
        node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    const check = (node, source) => {
      if (source?.type !== 'Literal') return;
      if (source.value === 'typeorm' && node.type !== 'ImportExpression' && typesOnly(node)) return;
      context.report({ node, messageId: 'live', data: { source: String(source.value) } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportEqualsDeclaration: (node) => check(node, node.moduleReference.expression),
      'CallExpression[callee.name="require"]': (node) => check(node, node.arguments[0]),
    };
  },
};

/** The server's layers (ARCHITECTURE.md, "Layers of the server"): imports point down only. */
const SERVER_LAYER_ZONES = [
  zone(
    'server/domain',
    ['server/routes', 'server/http', 'server/app.ts'],
    'server/domain is free of HTTP: it never imports routes/, http/ or app.ts.',
  ),
  zone(
    ['server/entities', 'server/storage', 'server/db', 'server/reports'],
    ['server/domain', 'server/routes', 'server/http', 'server/app.ts'],
    'entities/, storage/, db/ and reports/ lie below the domain: they never import domain/, routes/ or http/.',
  ),
  zone(
    'server/lab-feed-bridge',
    ['server/!(lab-feed-bridge)/**', 'server/*.*'],
    'The lab feed bridge runs next to the LIS, apart from the server: it imports only shared/.',
  ),
];

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
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Fences between the folders (ARCHITECTURE.md): no import cycles, and who may import whom.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: {
      'import-x': importX,
      fences: {
        rules: {
          'no-cycle': noCycle,
          'no-area-cycle': noAreaCycle,
          'frozen-migration': frozenMigration,
        },
      },
    },
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
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([
        ...Object.values(PROCESS_ZONES),
        ...SERVER_LAYER_ZONES,
      ]),
    },
  },
  {
    // The domain knows no HTTP framework, not even its types.
    files: ['server/domain/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'express', message: 'server/domain never knows Express.' }] },
      ],
      'fences/no-area-cycle': 'error',
    },
  },
  {
    files: ['server/db/migrations/**'],
    rules: { 'fences/frozen-migration': 'error' },
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
    files: ['shared/api/**/*.ts', 'server/routes/**/*.ts'],
    ignores: ['shared/api/common.ts', '**/*.test.ts'],
    plugins: { inputs: { rules: { 'bounded-primitives': boundedPrimitives } } },
    rules: { 'inputs/bounded-primitives': 'error' },
  },
  prettier,
);
