/** The architecture's layering rules (ARCHITECTURE.md, Dependency rules), checked in `npm test`. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-framework-free',
      comment:
        'packages/domain imports no app, no contracts and no framework (zod and libphonenumber-js at most).',
      severity: 'error',
      from: { path: '^packages/domain/src', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: ['^packages/domain/src', 'node_modules/(zod|libphonenumber-js)/', '^node:'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'contracts-import-zod-and-domain-only',
      severity: 'error',
      from: { path: '^packages/contracts/src' },
      to: { pathNot: ['^packages/contracts/src', '^packages/domain/src', 'node_modules/zod/'] },
    },
    {
      name: 'web-features-are-independent',
      comment: 'A web feature imports components/, lib/, contracts and domain, never another feature.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-does-not-import-server',
      severity: 'error',
      from: { path: '^apps/web/src' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'routes-call-services-not-repositories',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'a-module-calls-another-modules-service-never-its-repository',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/.+\\.repository\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'only-repositories-and-db-touch-sql',
      comment: 'In modules, only *.repository.ts import drizzle-orm (tests and builders may).',
      severity: 'error',
      from: {
        path: '^apps/server/src/(modules|integrations|jobs|plugins)/',
        pathNot: ['\\.repository\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: 'node_modules/drizzle-orm/' },
    },
    {
      name: 'integrations-do-not-know-modules',
      severity: 'error',
      from: { path: '^apps/server/src/integrations/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'production-code-does-not-import-tests',
      severity: 'error',
      from: { pathNot: ['\\.test\\.tsx?$', '\\.spec\\.ts$', '/testing/', '/test/', '^e2e/'] },
      to: { path: ['\\.test\\.tsx?$', '/testing/', '^apps/web/src/test/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    combinedDependencies: true,
  },
};
