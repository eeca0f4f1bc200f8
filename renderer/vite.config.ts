import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
      // a module reached through one counts as used unless it is known to be free of side
      // effects. Our own modules are (registrations such as echarts.use() stay, as statements of
      // modules whose exports are used), so /record loads the record screen, not the records
      // table, the compare view or the lines screens behind the same index.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !id.startsWith(path.join(__dirname, path.sep)) ||
          /\.css$/.test(id) ||
          id.endsWith('main.tsx'),
      },
    },
  },
});
