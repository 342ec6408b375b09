import { type Plugin, parseAst } from 'vite';
// By relative path, not `@app/…`: Vite bundles the config with what it imports by path, while a
// package name would be left for Node to load as TypeScript.
import { allLanguages } from '../../../packages/domain/src/i18n/languages.ts';
import { namespaces as allNamespaces, startupNamespaces } from '../../../packages/i18n/src/index.ts';
import { type FirstPageTable, preloadFirstPage } from '../src/boot/first-page-preload.ts';

/** An ESTree node as `parseAst` returns it, read structurally. */
type AstNode = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every node under `root`, depth first. */
function* walk(root: unknown): Generator<AstNode> {
  if (Array.isArray(root)) {
    for (const item of root) yield* walk(item);
    return;
  }
  if (!isNode(root)) return;
  yield root;
  for (const [key, value] of Object.entries(root)) {
    if (key !== 'type' && typeof value === 'object' && value !== null) yield* walk(value);
  }
}

const propertyName = (node: AstNode): string | undefined => {
  const key = node.key as AstNode | undefined;
  if (!key || node.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
};

/** The `import('…')` specifiers written inside `node`. */
const dynamicImports = (node: unknown): string[] =>
  [...walk(node)].flatMap((child) => {
    const source = child.type === 'ImportExpression' ? (child.source as AstNode) : undefined;
    return source?.type === 'Literal' && typeof source.value === 'string' ? [source.value] : [];
  });

/** A route's path as written: a string, or `table.key` of an imported path table (lib/*-paths.ts). */
type PathReference = { value: string } | { source: string; exported: string; key: string };

type RouteDeclaration = {
  /** The module that declares the route (router.tsx or a route table loaded on demand). */
  module: string;
  path: PathReference;
  /** The modules the route imports on demand: its page (`lazy`) and its prefetch's queries. */
  targets: string[];
  /** Its handle says `requireLogin: true` (§2). */
  needsLogin: boolean;
};

/** The namespaces a module names: `useTranslation('x')`, `useTranslation(['x', 'y'])`, `namespace: 'x'`. */
function namedNamespaces(code: string): string[] {
  const known = new Set<string>(allNamespaces);
  const found = new Set<string>();
  for (const match of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|["'][^"']*["'])/g)) {
    for (const name of (match[1] ?? '').matchAll(/["']([a-z-]+)["']/g)) found.add(name[1] ?? '');
  }
  for (const match of code.matchAll(/\bnamespace:\s*["']([a-z-]+)["']/g)) found.add(match[1] ?? '');
  return [...found].filter((name) => known.has(name));
}

/**
 * Writes into the built index.html the inline script of src/boot/first-page-preload.ts with the
 * table it reads: for every route of the §2 route tables (src/app/router.tsx and the tables it loads
 * on demand, `*-routes.tsx`), the chunks its first screen loads before it renders and the catalogue
 * namespaces of that code. Without it the browser learns of them only once the entry script has
 * arrived and run, and of a page in a table loaded on demand one round trip later still (DESIGN §10).
 *
 * The table comes from the code itself, not from a list: each route object (`{ path, lazy }`) of a
 * route module, its path resolved from the path tables of src/lib (`routes.exhibit` → '/exhibit'),
 * its `lazy` and `prefetch` followed to the `import()`s they make; the build's chunk graph then
 * gives the files. The browser test first-page-preload.e2e.test.ts checks the result on real pages.
 */
export function firstPagePreloads(): Plugin {
  const pathTables = new Map<string, Map<string, Map<string, string>>>();
  const declarations: RouteDeclaration[] = [];
  const namespacesOf = new Map<string, string[]>();
  let catalogues = '';

  return {
    name: 'first-page-preloads',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      // A watched build runs again with the same plugin: start from nothing each time.
      pathTables.clear();
      declarations.length = 0;
      namespacesOf.clear();
    },
    configResolved(config) {
      const base = config.define?.['import.meta.env.VITE_CATALOGUES'];
      catalogues = typeof base === 'string' ? (JSON.parse(base) as string) : '';
    },
    async transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.includes('/node_modules/')) return null;
      const names = namedNamespaces(code);
      if (names.length > 0) namespacesOf.set(id, names);
      const isPathTable = /\/src\/lib\/[a-z-]*paths\.ts$/.test(id);
      const isRouteTable = /\/src\/app\/(router|[a-z-]+-routes)\.tsx$/.test(id);
      if (!isPathTable && !isRouteTable) return null;
      const program = parseAst(code);
      if (isPathTable) {
        const tables = new Map<string, Map<string, string>>();
        for (const node of walk(program)) {
          if (node.type !== 'VariableDeclarator') continue;
          const name = (node.id as AstNode).name;
          const init = node.init as AstNode | undefined;
          if (typeof name !== 'string' || init?.type !== 'ObjectExpression') continue;
          const entries = new Map<string, string>();
          for (const property of init.properties as AstNode[]) {
            const value = property.value as AstNode | undefined;
            const key = propertyName(property);
            if (key && value?.type === 'Literal' && typeof value.value === 'string')
              entries.set(key, value.value);
          }
          tables.set(name, entries);
        }
        pathTables.set(id, tables);
        return null;
      }
      const imported = new Map<string, { source: string; exported: string }>();
      const declared = new Map<string, AstNode>();
      for (const node of (program as unknown as { body: AstNode[] }).body) {
        if (node.type === 'ImportDeclaration') {
          for (const specifier of node.specifiers as AstNode[]) {
            if (specifier.type !== 'ImportSpecifier') continue;
            const local = (specifier.local as AstNode).name as string;
            const exported = (specifier.imported as AstNode).name as string;
            imported.set(local, { source: (node.source as AstNode).value as string, exported });
          }
        }
        const declaration = node.type === 'ExportNamedDeclaration' ? (node.declaration as AstNode) : node;
        if (declaration?.type === 'FunctionDeclaration')
          declared.set((declaration.id as AstNode).name as string, declaration);
        if (declaration?.type === 'VariableDeclaration') {
          for (const declarator of declaration.declarations as AstNode[]) {
            const name = (declarator.id as AstNode).name;
            if (typeof name === 'string' && declarator.init) declared.set(name, declarator.init as AstNode);
          }
        }
      }
      const importsOf = (value: AstNode | undefined): string[] => {
        if (!value) return [];
        if (value.type === 'Identifier') return dynamicImports(declared.get(value.name as string));
        return dynamicImports(value);
      };
      for (const node of walk(program)) {
        if (node.type !== 'ObjectExpression') continue;
        const properties = new Map(
          (node.properties as AstNode[]).flatMap((property) => {
            const key = property.type === 'Property' ? propertyName(property) : undefined;
            return key ? [[key, property.value as AstNode] as const] : [];
          }),
        );
        const path = properties.get('path');
        const lazy = properties.get('lazy');
        if (!path || !lazy) continue;
        let reference: PathReference | undefined;
        if (path.type === 'Literal' && typeof path.value === 'string') reference = { value: path.value };
        if (path.type === 'MemberExpression' && !path.computed) {
          const table = imported.get((path.object as AstNode).name as string);
          const key = (path.property as AstNode).name as string;
          const resolved = table && (await this.resolve(table.source, id));
          if (table && resolved) reference = { source: resolved.id, exported: table.exported, key };
        }
        if (!reference)
          this.error(
            `first-page-preloads: the path of a route in ${id} is neither a string nor a path table's entry`,
          );
        const specifiers = [...importsOf(lazy), ...importsOf(properties.get('prefetch'))];
        const targets: string[] = [];
        for (const specifier of specifiers) {
          const resolved = await this.resolve(specifier, id);
          if (resolved) targets.push(resolved.id);
        }
        const needsLogin = [...walk(properties.get('handle'))].some(
          (child) =>
            child.type === 'Property' &&
            propertyName(child) === 'requireLogin' &&
            (child.value as AstNode).value === true,
        );
        declarations.push({ module: id, path: reference, targets, needsLogin });
      }
      return null;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') this.error('first-page-preloads: no index.html in the bundle');
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const chunkOf = new Map<string, string>();
        for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk.fileName);
        // What the entry loads statically arrives with it: never listed.
        const initial = new Set<string>();
        const visit = (file: string, into: Set<string>, skip: Set<string>) => {
          if (into.has(file) || skip.has(file)) return;
          into.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next, into, skip);
        };
        for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName, initial, new Set());

        const startup = new Set<string>(startupNamespaces);
        const perRoute = new Map<
          string,
          { files: Set<string>; namespaces: Set<string>; needsLogin: boolean }
        >();
        for (const declaration of declarations) {
          const path =
            'value' in declaration.path
              ? declaration.path.value
              : pathTables
                  .get(declaration.path.source)
                  ?.get(declaration.path.exported)
                  ?.get(declaration.path.key);
          if (path === undefined)
            this.error(`first-page-preloads: a route path of ${declaration.module} is not in its path table`);
          const route = perRoute.get(path) ?? {
            files: new Set<string>(),
            namespaces: new Set<string>(),
            needsLogin: declaration.needsLogin,
          };
          perRoute.set(path, route);
          for (const module of [declaration.module, ...declaration.targets]) {
            const file = chunkOf.get(module);
            if (!file || initial.has(file)) continue;
            visit(file, route.files, initial);
            // The namespaces of the page's own chunk (its table's, its page's), not of every shared
            // chunk it imports: those hold code other pages show too, often only after a click.
            for (const id of byFile.get(file)?.moduleIds ?? []) {
              for (const name of namespacesOf.get(id) ?? [])
                if (!startup.has(name)) route.namespaces.add(name);
            }
          }
        }

        const files = [...new Set([...perRoute.values()].flatMap((route) => [...route.files]))];
        const namespaces = [...new Set([...perRoute.values()].flatMap((route) => [...route.namespaces]))];
        const table: FirstPageTable = {
          catalogues,
          languages: [...allLanguages],
          startup: [...startup],
          files: files.map((file) => file.replace(/^assets\//, '').replace(/\.js$/, '')),
          namespaces,
          routes: Object.fromEntries(
            [...perRoute].map(([path, route]) => {
              const fileIndexes = [...route.files].map((file) => files.indexOf(file));
              const namespaceIndexes = [...route.namespaces].map((name) => namespaces.indexOf(name));
              return [
                path.toLowerCase(),
                route.needsLogin ? [fileIndexes, namespaceIndexes, 1] : [fileIndexes, namespaceIndexes],
              ];
            }),
          ),
        };
        const json = JSON.stringify(table).replaceAll('<', '\\u003c');
        const script = `<script>(${preloadFirstPage.toString()})(${json})</script>`;
        const source = String(html.source);
        // After the boot shell, so the parser has it before the script asks for a frame, and before
        // the stylesheet's link (stylesheetAfterShell, vite.config.ts): an inline script after a
        // stylesheet would wait for it.
        const stylesheet = source.indexOf('<link rel="stylesheet"');
        if (stylesheet < 0 || stylesheet < source.indexOf('<body')) {
          this.error('first-page-preloads: no stylesheet link in the body of index.html');
        }
        html.source = `${source.slice(0, stylesheet)}${script}\n    ${source.slice(stylesheet)}`;
      },
    },
  };
}
