import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets, prerenderPublicPages } from './build-public-pages';

// The API server in development; CARELOOP_API_URL points the proxy elsewhere (another port, a fake).
const apiTarget = process.env.CARELOOP_API_URL ?? 'http://localhost:3000';

// Mantine's components that open a layer or scroll (floating-ui, the scroll lock), or build on one.
const layers =
  '(Popover|Menu|Tooltip|ModalBase|Modal|Drawer|FocusTrap|Portal|Overlay|ScrollArea|Combobox|Select|Autocomplete|MultiSelect|TagsInput|Table)';

const distDir = path.resolve(import.meta.dirname, 'dist');
// The server build only pre-renders; it is not shipped.
const serverOutDir = path.resolve(import.meta.dirname, 'node_modules/.careloop-prerender');

export default defineConfig({
  plugins: [react()],
  // zod with jitless set, for the CSP (src/lib/zod-jitless.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') }],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sandbox': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sandbox': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  ssr: {
    // Workspace packages are TypeScript sources: bundle them into the server build.
    noExternal: ['@careloop/domain', '@careloop/contracts'],
  },
  environments: {
    client: {
      build: {
        outDir: distDir,
        emptyOutDir: true,
        manifest: true,
        // WEB_BUILD_SOURCEMAP=true for bundle analysis.
        sourcemap: process.env.WEB_BUILD_SOURCEMAP === 'true',
        rolldownOptions: {
          output: {
            // What the small entry imports loads on every page anyway, and what the app needs to start
            // (app/start-app.tsx, loaded by the entry) on every page that runs it: one chunk each, not
            // dozens of small ones (each compressed alone, each a request). The entry's own modules
            // go first, so that none of them lands in the app's chunk and brings it along.
            // Mantine's hooks and core helpers (a few hundred bytes each, used by nearly every
            // component) go with the app: left alone they became a file each, in every page's load.
            // The lazy pages share the rest, which rolldown split by the set of pages using each
            // module: the signed-in /dashboard loaded 87 files. Grouped by what it is, a public page
            // still loads neither the shell nor the layers: a group also takes what its modules
            // import, so the groups a public page needs take theirs first (higher priority).
            codeSplitting: {
              groups: [
                { name: 'startup', tags: ['$initial'], priority: 6 },
                {
                  name: 'app',
                  test: /src[\\/]app[\\/]start-app\.tsx$|node_modules[\\/]@mantine[\\/](hooks|core[\\/]esm[\\/]core)[\\/]/,
                  priority: 5,
                },
                // What every page that fetches uses (app/query-provider.tsx itself stays a chunk:
                // the pre-rendered pages name it).
                {
                  name: 'query',
                  test: /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/](current-user|session-end|notifications)\.ts$|get-account-preferences\.ts$/,
                  priority: 4,
                },
                // The session client: the shell and the sign-in pages.
                {
                  name: 'auth',
                  test: /node_modules[\\/](better-auth|@better-auth|@better-fetch|better-call|nanostores|defu)[\\/]|src[\\/]lib[\\/]auth-client\.ts$/,
                  priority: 4,
                },
                { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, minShareCount: 2, priority: 4 },
                // The plain components most pages use (Card, Badge, inputs...), without the layers below.
                {
                  name: 'ui',
                  test: new RegExp(
                    `@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](?!${layers}[\\\\/](?!utils[\\\\/]))`,
                  ),
                  minShareCount: 8,
                  priority: 4,
                },
                // Menus, popovers, dialogs, drawers and scroll areas, with floating-ui and the scroll lock
                // (about 40 kB compressed): the shell needs them, a public page only behind a click or on
                // a form's page.
                {
                  name: 'layers',
                  test: new RegExp(
                    `node_modules[\\\\/](@floating-ui|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|tslib|get-nonce|detect-node-es)[\\\\/]|@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]${layers}[\\\\/]`,
                  ),
                  priority: 3,
                },
                // The signed-in shell and the table of its pages; each page stays a chunk of its own.
                {
                  name: 'signed-in',
                  test: /src[\\/]app[\\/](signed-in-area|signed-in-pages)\.tsx$/,
                  priority: 2,
                },
              ],
            },
          },
        },
      },
    },
    // The patient's survey page (/s/:token): its own small entry, built apart so that none of the
    // app (React, Mantine, the router) lands in its bundle; the server sends survey.html.
    survey: {
      consumer: 'client',
      build: {
        outDir: distDir,
        emptyOutDir: false,
        manifest: 'survey-manifest.json',
        copyPublicDir: false,
        rolldownOptions: { input: { survey: path.resolve(import.meta.dirname, 'survey.html') } },
      },
    },
    ssr: {
      build: {
        outDir: serverOutDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { input: { 'render-page': 'src/prerender/render-page.tsx' } },
      },
    },
  },
  // `vite build`: the browser app, the survey page, then the server entry, then the public pages as HTML (ADR 002)
  // and compressed copies of the assets.
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.survey!);
      await builder.build(builder.environments.ssr!);
      await prerenderPublicPages({ distDir, serverEntry: path.join(serverOutDir, 'render-page.js') });
      await compressAssets(distDir);
    },
  },
});
