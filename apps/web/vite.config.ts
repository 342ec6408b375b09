import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstPagePreloads } from './scripts/first-page-preloads-plugin.ts';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8080';

/**
 * The stylesheet (one file, about 14 KiB compressed) is linked at the end of index.html's body instead
 * of in its head: what is above a link in the body (the boot shell) paints without waiting for it,
 * while the entry script, a module, still runs only once it has loaded (scripts wait for the
 * stylesheets before them), so React's first screen is always styled. Inlined, it made the HTML
 * 16 KiB compressed, over the 14 KiB a new connection sends in its first round trip: one more round
 * trip before the entry script was even asked for.
 */
function stylesheetAfterShell(): Plugin {
  return {
    name: 'stylesheet-after-shell',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const rest = html.replace(/\s*<link rel="stylesheet" crossorigin href="\.\/[^"]+\.css">/g, (link) => {
          links.push(link.trim());
          return '';
        });
        if (links.length === 0) throw new Error('stylesheet-after-shell: no stylesheet link in index.html');
        return rest.replace('</body>', `  ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}

/**
 * The UI catalogues (packages/i18n/src/locales/<language>/<namespace>.json, the server's own
 * namespaces left out) as files of the build, at `assets/locales/<version>/<language>/<namespace>.json`
 * where the version is a hash of all of them: the app builds a catalogue's address from the language
 * and namespace (`import.meta.env.VITE_CATALOGUES`), so no table of twenty languages' file names rides
 * in the first script (DESIGN §10), and `assets/` keeps them cached until a catalogue changes. The dev
 * server answers the same addresses from the sources.
 */
function catalogues(): Plugin {
  const localesDir = fileURLToPath(new URL('../../packages/i18n/src/locales', import.meta.url));
  // packages/i18n `serverNamespaces` (the server's SMS and e-mail texts; a .ts the config cannot load).
  const skipped = new Set(['messages.json']);
  const files = readdirSync(localesDir)
    .sort()
    .flatMap((language) =>
      readdirSync(join(localesDir, language))
        .filter((name) => name.endsWith('.json') && !skipped.has(name))
        .sort()
        .map((name) => `${language}/${name}`),
    );
  const read = (file: string) => JSON.stringify(JSON.parse(readFileSync(join(localesDir, file), 'utf8')));
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\n${read(file)}\n`);
  const base = `assets/locales/${hash.digest('hex').slice(0, 10)}`;
  return {
    name: 'catalogues',
    config: () => ({ define: { 'import.meta.env.VITE_CATALOGUES': JSON.stringify(base) } }),
    generateBundle() {
      for (const file of files)
        this.emitFile({ type: 'asset', fileName: `${base}/${file}`, source: read(file) });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = /^\/assets\/locales\/[^/]+\/([a-z]{2,3}\/[a-z-]+\.json)$/.exec(request.url ?? '')?.[1];
        if (!file || !files.includes(file)) return next();
        response.setHeader('content-type', 'application/json');
        response.end(read(file));
      });
    },
  };
}

/**
 * React Router's production build for `vite build`: the package's exports name only its development
 * build (remix-run/react-router#12532, #14102), in which `ENABLE_DEV_WARNINGS` is a constant `true`,
 * so every development warning and its checks would ride in the first script. The production build
 * beside it is the same code with that constant `false`. The dev server keeps the warnings.
 */
function reactRouterProduction(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = join(dirname(development), '../production/index.mjs');
  return {
    name: 'react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the built app works from any path (hash routing needs no server rewrites).
  base: './',
  plugins: [
    react(),
    tailwindcss(),
    stylesheetAfterShell(),
    catalogues(),
    reactRouterProduction(),
    firstPagePreloads(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // A shared chunk's name lists every chunk that uses it (over a hundred characters); the entry's
        // preload table and each importer name it, so a short name is about 1 KiB gzip less on a page.
        chunkFileNames: ({ name }) =>
          name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // Everything the entry imports is one file: one request instead of four, and no
            // import/export glue between them (about 4 KiB gzip less).
            { name: 'index', tags: ['$initial'], priority: 2 },
            // Code that several lazy chunks share, split by the set of chunks that use it: a page
            // loads only what it uses, nothing is kept out of it by name (DESIGN §10). Small sets are
            // not merged into neighbours: measured, merging put the programme's code on the home page.
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
              priority: 1,
            },
          ],
        },
      },
    },
    sourcemap: false,
  },
  server: {
    // ws: the live room's chat socket (/api/lives/{id}/chat/socket) goes through the same proxy.
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
});
