/**
 * Import rules of the module boundaries (docs/ARCHITECTURE.md "Import rules"), checked by
 * `npm run lint` and proved by tools/depcruise/rules.test.ts.
 *
 * Tests (`*.test.ts(x)`) and the helpers under `src/test/` are exempt from the module rules:
 * they build the whole app, fixtures and fakes, and reach a module's internals to test them.
 * They are never part of a build that ships.
 */

const tests = ['\\.test\\.tsx?$', '^apps/(server|web)/src/test/'];

/** Severity of the web rules: every web feature exposes an index.ts. */
const webSeverity = 'error';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-platform-imports-module',
      comment: 'platform/ is what every module stands on: it never imports a module.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/', pathNot: tests },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-module-internals',
      comment:
        "A module reaches another only through that module's index.ts (never its repository, service or routes).",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: tests },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-root-module-internals',
      comment: "app.ts, modules.ts and main.ts wire modules through each module's index.ts.",
      severity: 'error',
      from: { path: '^apps/server/src/[^/]+\\.ts$', pathNot: tests },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'contracts-imports-app',
      comment: 'packages/contracts is shared by server and web: it imports nothing from apps/.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-feature-imports-app',
      comment: 'A web feature stands on its own: the app shell imports features, never the reverse.',
      severity: webSeverity,
      from: { path: '^apps/web/src/features/', pathNot: tests },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-feature-internals',
      comment: "A web feature reaches another only through that feature's index.ts.",
      severity: webSeverity,
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: tests },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-imports-feature',
      comment: 'shared/ serves every feature: it imports no feature and not the app shell.',
      severity: webSeverity,
      from: { path: '^apps/web/src/shared/', pathNot: tests },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-app-feature-internals',
      comment: "The app shell imports a feature only through the feature's index.ts.",
      severity: webSeverity,
      from: { path: '^apps/web/src/app/', pathNot: tests },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: '^apps/web/src/features/[^/]+/index\\.tsx?$',
      },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API, so sources are parsed with swc.
    parser: 'swc',
    // Type-only imports count: importing another module's repository types crosses the line too.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
