import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './renderer.vite.config';

/**
 * One build for both roots: `out/main/index.js` (Electron main process) and `out/main/server.js`
 * (the headless server, run by plain Node) and `out/main/kb.js` (the kb command, see bin/kb.mjs), plus the workers beside them, the preload and the renderer. Dependencies
 * stay external, so native modules load from node_modules.
 */
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          server: resolve(__dirname, 'src/node/index.ts'),
          kb: resolve(__dirname, 'src/cli/index.ts'),
          'extract-worker': resolve(__dirname, 'src/adapters/workers/extract-worker.ts'),
          'pdf-worker': resolve(__dirname, 'src/adapters/parsers/pdf/pdf-worker.ts'),
          'document-worker': resolve(__dirname, 'src/adapters/parsers/worker/document-worker.ts'),
          'embed-worker': resolve(__dirname, 'src/adapters/embed/transformers-worker.ts'),
          'checkpoint-worker': resolve(__dirname, 'src/adapters/sqlite/checkpoint-worker.ts'),
          'encoder-worker': resolve(__dirname, 'src/adapters/embed/sentence-encoder-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload must be CommonJS; .cjs because the package is an ES module.
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // The window's React app (out/renderer), served by the local server at `/` for Electron and browsers alike.
  renderer: rendererConfig,
});
