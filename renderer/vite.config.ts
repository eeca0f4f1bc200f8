import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const RENDERER = path.join(__dirname, path.sep);
/** Our modules whose top-level statements do something: the entry, echarts' registrations, axios'. */
const WITH_SIDE_EFFECTS = ['main.tsx', 'components/charts/echarts.ts', 'lib/api-client.ts'].map(
  (file) => path.join(__dirname, file),
);

// The server serves this build (dist/renderer) with an index.html fallback for app routes.
export default defineConfig({
  root: __dirname,
  plugins: [react()],
  build: {
    outDir: path.resolve(__dirname, '..', 'dist', 'renderer'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // Split by route: the features' index.ts files re-export every screen of the feature, and
      // a module reached through one is kept (with everything it imports) unless it is known to
      // be free of side effects. Ours are, but for the few below whose top-level statements
      // register something (a module marked free of them loses those statements), so /record
      // loads the record screen, not the records table, the compare view or the lines screens
      // behind the same index. A new module with top-level registrations joins the list.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !id.startsWith(RENDERER) || /\.css$/.test(id) || WITH_SIDE_EFFECTS.includes(id),
      },
    },
  },
});
