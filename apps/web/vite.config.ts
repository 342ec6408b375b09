import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the built app works from any path (hash routing needs no server rewrites).
  base: './',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // Catalogues stay separate JSON files, fetched per language (never inlined into the JS).
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
