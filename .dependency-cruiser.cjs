/**
 * Import boundaries (DESIGN §4.7 and §2):
 * - web features never import each other; app/ composes them;
 * - components/ui and lib never import features or app;
 * - only server repositories, table definitions, the db/ folder and the seeds import Drizzle;
 * - the server house reads top down (DESIGN §2): seeds and cli sit above the modules and no module,
 *   plugin, provider or db/ file imports them; db/ knows no module;
 * - the web app never imports server code; packages never import apps;
 * - no cycles.
 */
module.exports = {
  forbidden: [
    {
      name: 'web-features-are-independent',
      comment: 'A web feature must not import another feature; compose them in apps/web/src/app.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-stays-below-features',
      comment: 'components/ui and lib are imported by features and app, never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'only-repositories-import-drizzle',
      comment: 'Drizzle belongs to *.repository.ts, *.tables.ts and src/db (client, schema, query mapping).',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.repository\\.ts$',
          '\\.tables\\.ts$',
          '^apps/server/src/db/',
          '^apps/server/src/seeds/',
          '\\.test\\.ts$',
        ],
      },
      to: { path: 'node_modules/drizzle-orm' },
    },
    {
      name: 'nothing-below-imports-seeds-or-cli',
      comment:
        'Seeds, generators and commands sit above the modules (DESIGN §2): modules, plugins, providers and db/ never import them (tests may).',
      severity: 'error',
      from: {
        path: '^apps/server/src/(modules|plugins|providers|db)/',
        pathNot: '\\.test\\.ts$',
      },
      to: { path: '^apps/server/src/(seeds|cli)/' },
    },
    {
      name: 'db-knows-no-module',
      comment:
        'db/ is the bottom layer (client, columns, query mapping): it imports no module, plugin or seed; the drizzle config collects the tables by glob (DESIGN §2).',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: {
        path: '^apps/server/src/(modules|plugins|seeds|cli|providers)/|^apps/server/src/(app|start-server|server)\\.ts$',
      },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
