import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressFolder } from '../server/http/precompression';
import { SHELL_STYLE } from './shell/shell-style';

const RENDERER = path.join(__dirname, path.sep);
/** The code the three processes share (schemas, rules, formats): pure, as lint keeps it. */
const SHARED = path.resolve(__dirname, '..', 'shared') + path.sep;
/** Our modules whose top-level statements do something: the entry, echarts' registrations. */
const WITH_SIDE_EFFECTS = ['main.tsx', 'components/charts/echarts.ts'].map((file) =>
  path.join(__dirname, file),
);

const ROUTER = path.resolve(__dirname, '../node_modules/react-router/dist/production');

/** The served build: `RENDERER_DIR`, as the server reads it, or dist/renderer. */
const OUT_DIR = path.resolve(
  process.env.RENDERER_DIR ?? path.join(__dirname, '..', 'dist', 'renderer'),
);
/** Source maps, beside the served folder: for debugging (README.md), never sent to browsers. */
const MAPS_DIR = `${OUT_DIR}-sourcemaps`;

/**
 * Once the build is written: its source maps moved out of the served folder, then a brotli and a
 * gzip variant beside each text file, which the server sends as the browser accepts.
 */
const servedBuild = (): Plugin => ({
  name: 'vialqc-served-build',
  apply: 'build',
  async closeBundle() {
    fs.rmSync(MAPS_DIR, { recursive: true, force: true });
    for (const file of fs.readdirSync(OUT_DIR, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.map')) continue;
      fs.mkdirSync(path.dirname(path.join(MAPS_DIR, file)), { recursive: true });
      fs.renameSync(path.join(OUT_DIR, file), path.join(MAPS_DIR, file));
    }
    await precompressFolder(OUT_DIR);
  },
});

/**
 * The screen shell's style (renderer/shell/) in the page's head: the first paint already has the
 * page's margins and background, and the shell its look, before any script has run.
 */
const screenShellStyle = (): Plugin => ({
  name: 'vialqc-screen-shell-style',
  transformIndexHtml: () => [{ tag: 'style', children: SHELL_STYLE, injectTo: 'head' }],
});

// The server serves this build (dist/renderer) with an index.html fallback for app routes.
export default defineConfig(({ command }) => ({
  root: __dirname,
  plugins: [react(), screenShellStyle(), servedBuild()],
  // react-router's package points every bundler at its development build (checks and warnings
  // on each render): the build takes the production build it ships beside it, as users should.
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: `${ROUTER}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${ROUTER}/dom-export.mjs` },
          ],
        }
      : {},
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    // 'hidden': no sourceMappingURL comment, so no browser asks for them.
    sourcemap: 'hidden',
    rollupOptions: {
      output: {
        // Left to itself the split by sharing makes some 80 files of a few hundred bytes for the
        // first screen: on HTTP/1.1 (six connections) they queue, and the first screen's API
        // calls behind them (issue 21). The UI library and the app's small shared modules (API
        // calls, hooks, lib) go in one file each, which the login page loads anyway for the most
        // part; the big screen-only libraries (the DataGrid, echarts) stay with their screens.
        codeSplitting: {
          groups: [
            {
              // What the entry runs before the app loads (the screen shell, and Vite's helper
              // behind lazy imports): kept apart, or the groups below would take them in with
              // the app's modules that also import them, and the entry would load those first.
              name: 'shell',
              test: /([\\/]renderer[\\/]shell[\\/]|^\0vite\/preload-helper)/,
              priority: 1,
            },
            {
              // TablePagination, which only the DataGrid uses, stays with it: its module makes an
              // Intl.NumberFormat as it loads, and the first one costs tens of milliseconds of
              // the first screen's main thread while the browser loads the number data.
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](material(?![\\/]TablePagination)|system|utils|styled-engine|private-theming)|@emotion|stylis|react-transition-group|@popperjs|clsx|prop-types|react-is|hoist-non-react-statics)[\\/]/,
            },
            {
              name: 'app',
              test: /[\\/]renderer[\\/](lib|features[\\/][^\\/]+[\\/](api|hooks))[\\/]/,
              maxModuleSize: 8_000,
            },
          ],
        },
      },
      // Split by route: the features' index.ts files re-export every screen of the feature, and
      // a module reached through one is kept (with everything it imports) unless it is known to
      // be free of side effects. Ours are, but for the few below whose top-level statements
      // register something (a module marked free of them loses those statements), so /record
      // loads the record screen, not the records table, the compare view or the lines screens
      // behind the same index. A new module with top-level registrations joins the list.
      // shared/ is free of them too: a screen that takes one word or limit from a module of API
      // schemas does not build every schema of it, nor zod's, as it loads (issue 21).
      treeshake: {
        moduleSideEffects: (id: string) =>
          !(id.startsWith(RENDERER) || id.startsWith(SHARED)) ||
          /\.css$/.test(id) ||
          WITH_SIDE_EFFECTS.includes(id),
      },
    },
  },
}));
