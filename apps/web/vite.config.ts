import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8080';

/**
 * The stylesheet (one file, about 8 KiB compressed) goes into index.html: the app shell and then the
 * app paint without waiting for a render-blocking request. The HTML is revalidated on each visit,
 * so an unchanged build still answers 304.
 */
function inlineStylesheet(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\.\/([^"]+\.css)">/g,
          (_link, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (asset?.type !== 'asset') throw new Error(`inline-stylesheet: ${fileName} not in the bundle`);
            inlined.add(fileName);
            return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>`;
          },
        );
      },
    },
    generateBundle(_options, bundle) {
      for (const fileName of inlined) delete bundle[fileName];
    },
    // A lazy chunk that imports lazy pages itself (activity-routes) lists the entry's stylesheet among
    // the files to preload before them. It is inside index.html now, so that entry is pointed at the
    // entry script, which is loaded already (deleting it would shift the list's indexes). Done on the
    // written files: the preload lists are filled in after the plugins' generateBundle.
    writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry || !options.dir) return;
      const entryName = `"./${entry.fileName.split('/').pop()}"`;
      for (const fileName of inlined) {
        const cssName = `"./${fileName.split('/').pop()}"`;
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          const path = join(options.dir, file.fileName);
          const code = readFileSync(path, 'utf8');
          if (code.includes(cssName)) writeFileSync(path, code.replaceAll(cssName, entryName));
        }
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the built app works from any path (hash routing needs no server rewrites).
  base: './',
  plugins: [react(), tailwindcss(), inlineStylesheet()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports is one file: one request instead of four, and no
            // import/export glue between them (about 4 KiB gzip less).
            { name: 'index', tags: ['$initial'], priority: 2 },
            // Code that several lazy chunks share, split by the set of chunks that use it: a page
            // loads only what it uses, nothing is kept out of it by name (DESIGN §10). Sets smaller
            // than the threshold join their closest neighbour to keep the number of requests down.
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 2048,
              priority: 1,
            },
          ],
        },
      },
    },
    sourcemap: false,
    // Catalogues stay separate JSON files, fetched per language (never inlined into the JS).
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
