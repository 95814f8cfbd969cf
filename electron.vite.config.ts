import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

// Native modules cannot be bundled; they are loaded from node_modules (asar-unpacked when packaged).
// docket-malloc-trim is our own addon (native/malloc-trim), which the engine loads when its page workers stop.
const NATIVE_DEPENDENCIES = ['better-sqlite3', 'docket-malloc-trim'];

// React fast refresh injects an inline preamble <script> into the dev server's page, which the
// strict policy in index.html forbids. Relax it on the dev server only; builds keep it as written.
function allowInlineScriptsOnDevServer(): Plugin {
  return {
    name: 'docket:dev-server-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
    },
  };
}

export default defineConfig({
  main: {
    build: {
      externalizeDeps: { include: NATIVE_DEPENDENCIES },
      lib: {
        entry: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          engine: resolve(import.meta.dirname, 'src/engine/cli.ts'),
          // The engine's page workers load this file by name (ocr-pool.ts), beside engine.js.
          'ocr-worker': resolve(import.meta.dirname, 'src/engine/pipeline/read/ocr/ocr-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // Sandboxed preloads run in a minimal loader that cannot import ES modules or
      // node_modules: bundle everything into one CommonJS file.
      externalizeDeps: false,
      lib: {
        entry: resolve(import.meta.dirname, 'src/preload/index.ts'),
        formats: ['cjs'],
        fileName: () => 'index.cjs',
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react(), allowInlineScriptsOnDevServer()],
    build: {
      rolldownOptions: {
        input: resolve(import.meta.dirname, 'src/renderer/index.html'),
      },
    },
  },
});
