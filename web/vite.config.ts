// The web explorer's build: Vite bundles web/src into web/dist (git-ignored), served at `/` by
// src/serve/web. Preact's automatic JSX runtime via esbuild; no CDN or external asset.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: true,
    modulePreload: { polyfill: false },
  },
});
