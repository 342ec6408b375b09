/**
 * What the first page of a visit needs besides the entry script, as the build writes it into
 * index.html (scripts/first-page-preloads-plugin.ts): for each route of the §2 table, the code
 * chunks its page loads before it can render (its route table's chunk, its own chunk, the shared
 * chunks they import) and the catalogue namespaces of that code; plus the catalogues every page
 * loads at start (packages/i18n `startupNamespaces`).
 */
export type FirstPageTable = {
  /** Address of the catalogue files, `assets/locales/<version>` (vite.config.ts `catalogues`). */
  catalogues: string;
  /** The UI languages (§5), the catalogue languages that exist. */
  languages: string[];
  /** Namespaces every page loads at start. */
  startup: string[];
  /** Chunk file names under `assets/`, without `.js`. */
  files: string[];
  /** Namespaces some route loads besides the startup ones. */
  namespaces: string[];
  /**
   * Router path (lower case; `:name` and `:name?` for parameters) → [indexes into `files`, indexes
   * into `namespaces`, and 1 for a page that needs a login (§2 requireLogin)].
   */
  routes: Record<string, [number[], number[]] | [number[], number[], 1]>;
};

/**
 * Runs inline in index.html, right after the boot shell: asks for the first page's chunks
 * (`<link rel="modulepreload">`) and its catalogues (`<link rel="preload" as="fetch">`, which the
 * app's own `fetch` of the same address then reuses, lib/i18n.ts), so they arrive alongside the
 * entry script instead of one or two round trips after it (DESIGN §10). It starts after the boot
 * shell's first paint (a frame, then a task), so that paint never waits for them.
 *
 * The route is the hash's path (`#/exhibit?…`), matched like the router: case-insensitive, without a
 * trailing slash, a static path before a pattern, the pattern with the most fixed segments first.
 * The language follows main.tsx and lib/i18n.ts `requestedLanguage`: the `lang` value of the hash's
 * query or the page's query (the hash's wins), else the stored choice (`localStorage.language`,
 * lib/session.ts), else the browser's language (`languageFromTag`: its base, `tl` → `fil`, `in` →
 * `id`); 'en' when that is no UI language. A page that needs a login gets only the startup
 * catalogues when no session is stored (`localStorage.token`): the login page shows instead.
 *
 * Serialised into the page by the build (`Function.prototype.toString`): it refers to nothing
 * outside itself. A preload is only a hint, so any failure is swallowed: the app loads what it
 * needs either way.
 */
export function preloadFirstPage(table: FirstPageTable): void {
  const stored = (key: string) => {
    try {
      return localStorage.getItem(key);
    } catch {
      // Storage refused (a private window of some web views): as if nothing were stored.
      return null;
    }
  };
  const fromTag = (tag: string | null | undefined) => {
    if (!tag) return undefined;
    const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (base === 'tl') return 'fil';
    if (base === 'in') return 'id';
    return table.languages.includes(base) ? base : undefined;
  };
  const routeOf = (path: string) => {
    if (Object.hasOwn(table.routes, path)) return table.routes[path];
    let found: FirstPageTable['routes'][string] | undefined;
    let rank = -1;
    for (const pattern of Object.keys(table.routes)) {
      if (!pattern.includes(':')) continue;
      const segments = pattern.split('/').slice(1);
      const source = segments
        .map((segment) => {
          if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
          return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
        })
        .join('');
      const fixed = segments.filter((segment) => !segment.startsWith(':')).length;
      if (fixed > rank && new RegExp(`^${source}$`, 'i').test(path)) {
        found = table.routes[pattern];
        rank = fixed;
      }
    }
    return found;
  };
  const add = (links: DocumentFragment, href: string, rel: 'modulepreload' | 'preload') => {
    const link = document.createElement('link');
    link.rel = rel;
    if (rel === 'preload') link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = new URL(href, document.baseURI).href;
    links.appendChild(link);
  };
  const start = () => {
    try {
      const hash = location.hash.replace(/^#/, '');
      const queryAt = hash.indexOf('?');
      let path = (queryAt < 0 ? hash : hash.slice(0, queryAt)).toLowerCase();
      if (!path.startsWith('/')) path = `/${path}`;
      if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
      const query = new URLSearchParams(location.search);
      new URLSearchParams(queryAt < 0 ? '' : hash.slice(queryAt + 1)).forEach((value, key) => {
        query.set(key, value);
      });
      const requested = query.get('lang') || (stored('language') ?? fromTag(navigator.language));
      const language = requested && table.languages.includes(requested) ? requested : 'en';
      let route = routeOf(path);
      if (route?.[2] === 1 && !stored('token')) route = undefined;
      const namespaces = [...table.startup, ...(route?.[1] ?? []).map((index) => table.namespaces[index])];
      const links = document.createDocumentFragment();
      for (const namespace of namespaces)
        add(links, `${table.catalogues}/${language}/${namespace}.json`, 'preload');
      for (const index of route?.[0] ?? []) add(links, `assets/${table.files[index]}.js`, 'modulepreload');
      // One insertion into the head: one style invalidation, not one per link.
      document.head.appendChild(links);
    } catch {
      // Only a hint.
    }
  };
  const afterPaint = () => setTimeout(start, 0);
  // A hidden tab gets no frames.
  if (document.visibilityState === 'hidden') afterPaint();
  else requestAnimationFrame(afterPaint);
}
