import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets, prerenderPublicPages } from './build-public-pages';

// The API server in development; CARELOOP_API_URL points the proxy elsewhere (another port, a fake).
const apiTarget = process.env.CARELOOP_API_URL ?? 'http://localhost:3000';

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
            codeSplitting: {
              groups: [
                { name: 'startup', tags: ['$initial'], priority: 2 },
                { name: 'app', test: /src[\\/]app[\\/]start-app\.tsx$/, priority: 1 },
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
