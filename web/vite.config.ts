/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { CORE_SECTIONS } from './src/lib/i18n/core-sections';

const CORE_STRINGS = 'virtual:core-strings/';

// The SPA is served by the Go binary from web/dist; in `vite dev` the API is
// proxied to a locally running `zabano serve`.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    {
      // virtual:core-strings/<lang>: the core sections of src/locales/<lang>.json
      // as a module of its own, for the sign-in screens (src/lib/i18n).
      name: 'zabano-core-strings',
      resolveId(id) {
        return id.startsWith(CORE_STRINGS) ? `\0${id}` : undefined;
      },
      load(id) {
        if (!id.startsWith(`\0${CORE_STRINGS}`)) return undefined;
        const lang = id.slice(CORE_STRINGS.length + 1);
        if (!/^[a-z]{2}$/.test(lang)) throw new Error(`no locale ${lang}`);
        const file = fileURLToPath(new URL(`./src/locales/${lang}.json`, import.meta.url));
        this.addWatchFile(file);
        const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        return `export default ${JSON.stringify(Object.fromEntries(CORE_SECTIONS.map((k) => [k, all[k]])))};`;
      },
    },
    {
      // vite empties dist/ before writing; put back the placeholder git tracks
      // so that the Go embed always has a directory to embed.
      name: 'zabano-keep-dist-gitkeep',
      apply: 'build',
      closeBundle() {
        writeFileSync(fileURLToPath(new URL('./dist/.gitkeep', import.meta.url)), '');
      },
    },
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 60_000,
  },
});
