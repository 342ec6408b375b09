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
            { name: 'index', tags: ['$initial'], priority: 3 },
            // Phone-number metadata and e-mail/phone validation: only the account pages use them, so
            // they load with those pages, never on the home page. (Only leaf libraries here: a group
            // also takes in the dependencies of what it matches.)
            {
              name: 'accounts',
              test: (id) =>
                /awesome-phonenumber|[\\/]validator[\\/]|[\\/]src[\\/](contact|forms)[\\/]/.test(id),
              priority: 2,
            },
            {
              name: 'route-shared',
              // The account features' shared parts stay out: they pull in the phone metadata. So do
              // the exhibit pages' (cards, search, reactions, forms, their icons): the home page never
              // uses them, and this chunk loads with it.
              test: (id) =>
                !id.includes('/src/app/') &&
                !id.includes('/routes/') &&
                !/[\\/]features[\\/](auth|users|exhibitors|enterprises|products|activities|tickets|appointments|schedules)[\\/]/.test(
                  id,
                ) &&
                !/[\\/](ui[\\/](tabs|copy-text|thumb|load-more|highlight|reaction-button|dialog|field|image-picker|qr-code|qr-scanner|area-code-select|notice-dialog)|api[\\/](error-message|upload-image)|lib[\\/](use-login-gate|activity-paths|appointment-paths|device-time|use-search-state))\./.test(
                  id,
                ) &&
                // The ticket QR encoder and the check-in decoder load with the ticket pages only.
                !/[\\/]node_modules[\\/](qrcode|dijkstrajs|barcode-detector|zxing-wasm|temporal-polyfill|temporal-utils)[\\/]/.test(
                  id,
                ) &&
                // The registration rule, the appointment rules, the zoned wall-time rule (it loads
                // Temporal) and the icons only the activity, ticket and appointment pages use.
                !/[\\/]domain[\\/]src[\\/](activities[\\/]|appointments[\\/]|time[\\/]zoned-time\.)/.test(
                  id,
                ) &&
                !/lucide-react.*[\\/]icons[\\/](calendar-clock|circle-exclamation-point|circle-x|clipboard-list|copy|file-up|hourglass|loader-circle|monitor-play|pencil|plus|users-round|calendar-x-2|chevron-right)\.mjs$/.test(
                  id,
                ) &&
                !/lucide-react.*[\\/]icons[\\/](search|search-x|x|sliders-horizontal|heart|thumbs-up|phone|mail|camera|package|badge-check|circle-check)\.mjs$/.test(
                  id,
                ) &&
                // The appointment and schedule pages' icons, and mutations (their buttons), load with them.
                !/lucide-react.*[\\/]icons[\\/](calendar-check|calendar-plus|calendar-range|link-2|lock|store)\.mjs$/.test(
                  id,
                ) &&
                !/[\\/]node_modules[\\/]@tanstack[\\/](react-query[\\/].*useMutation|query-core[\\/].*mutationObserver)/.test(
                  id,
                ),
              minShareCount: 2,
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
