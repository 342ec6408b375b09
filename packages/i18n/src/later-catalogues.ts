/**
 * URLs of the catalogues of the namespaces that are not loaded with the first screen (auth, users,
 * exhibitors …). A separate module so this map is a lazy chunk, not part of the first script.
 * `startupNamespaces` are excluded here and listed in `loadCatalogue`; the server's `messages` never
 * reach the browser.
 */
export const laterCatalogueUrls = import.meta.glob<string>(
  [
    './*/*.json',
    '!./*/common.json',
    '!./*/meetings.json',
    '!./*/agendas.json',
    '!./*/speakers.json',
    '!./*/messages.json',
  ],
  { base: './locales', query: '?url', import: 'default', eager: true },
);
