import { resolve } from 'node:path';
import type { UserConfig } from 'vite';

/**
 * The renderer's build, shared by electron-vite (`renderer` target) and the browser tests, which
 * build it into a temporary folder. Everything is bundled into files served from `/`, so the page
 * runs under a Content-Security-Policy without inline scripts.
 */
export const rendererRoot = resolve(__dirname, 'src/renderer');

export const rendererConfig: UserConfig = {
  root: rendererRoot,
  base: './',
  // React's automatic runtime; the renderer has no Babel plugin, esbuild compiles the TSX.
  esbuild: { jsx: 'automatic', jsxDev: false },
  build: {
    outDir: resolve(__dirname, 'out/renderer'),
    emptyOutDir: true,
    minify: true,
    // The module-preload polyfill would be an inline script; every supported browser has preload.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
    rollupOptions: { input: resolve(rendererRoot, 'index.html') },
  },
};
