/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { CORE_PATHS, CORE_SECTIONS } from './src/lib/i18n/core-sections';

const CORE_STRINGS = 'virtual:core-strings/';

// The screens most visits start at, and the route modules each shows (as
// src/app/routes.tsx lazily imports them): src/boot.js preloads them with
// the page. A module missing from the build fails it.
const LANDING_ROUTES: Record<string, string[]> = {
  '/login': ['src/app/routes/auth/login.tsx'],
  '/register': ['src/app/routes/auth/register.tsx'],
  '/student/find-teacher': ['src/app/routes/app/area.tsx', 'src/app/routes/app/find-teacher.tsx'],
  '/student/dashboard': ['src/app/routes/app/area.tsx', 'src/app/routes/app/student-dashboard.tsx'],
  '/teacher/booked-slots': ['src/app/routes/app/area.tsx', 'src/app/routes/app/teacher-booked-slots.tsx'],
};

type Shell = {
  /** The main script and the chunks it imports: index.html loads them itself. */
  page: string[];
  /** For each landing screen, the chunks it adds to the page. */
  routes: Record<string, string[]>;
  /** For each language, the core and the whole strings, with their chunks. */
  strings: Record<'fa' | 'en', { core: string[]; all: string[] }>;
};

/** shellOf finds in a build the files of the app's shell: the page's own,
 * those of each landing screen and those of the strings. */
function shellOf(bundle: OutputBundle): Shell {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('shell: no entry chunk');
  const onPage = new Set<string>();
  const staticGraph = (file: string, into: Set<string>) => {
    if (into.has(file) || onPage.has(file)) return;
    into.add(file);
    for (const imp of byFile.get(file)?.imports ?? []) staticGraph(imp, into);
  };
  staticGraph(entry.fileName, onPage);
  const filesOf = (moduleIds: string[]): string[] => {
    const files = new Set<string>();
    for (const id of moduleIds) {
      // A lazily imported module that Rolldown writes into a shared chunk is
      // no chunk's facade: then the chunk it is in.
      const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(id)) ?? chunks.find((c) => c.moduleIds.some((m) => m.endsWith(id)));
      if (!chunk) throw new Error(`shell: no chunk for ${id}`);
      staticGraph(chunk.fileName, files);
    }
    return [...files];
  };
  const stringsOf = (lang: string) => ({ core: filesOf([`${CORE_STRINGS}${lang}`]), all: filesOf([`src/locales/${lang}.json`]) });
  return {
    page: [...onPage, ...(entry.viteMetadata?.importedCss ?? [])],
    routes: Object.fromEntries(Object.entries(LANDING_ROUTES).map(([path, modules]) => [path, filesOf(modules)])),
    strings: { fa: stringsOf('fa'), en: stringsOf('en') },
  };
}

/** bootScript is src/boot.js with what it preloads: the chunks of each
 * landing screen and the strings of each language that the page does not
 * load already. Outside a build (vite dev) it preloads nothing. */
function bootScript(bundle: OutputBundle | undefined): string {
  const source = readFileSync(fileURLToPath(new URL('./src/boot.js', import.meta.url)), 'utf8');
  const none = { core: [], all: [] };
  const shell = bundle ? shellOf(bundle) : { routes: {}, strings: { fa: none, en: none } };
  const preload = { routes: shell.routes, strings: shell.strings, core: CORE_PATHS };
  // The file's opening comment is for its readers, not for every page.
  return source.slice(source.indexOf('(function')).replace('__PRELOAD__', JSON.stringify(preload)).trim();
}

/** inlineBoot writes src/boot.js into index.html in place of its marker,
 * <!--boot.js-->: a script of its own would block the first paint for a
 * round trip. */
function inlineBoot(): Plugin {
  return {
    name: 'zabano-inline-boot',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes('<!--boot.js-->')) throw new Error('index.html: no <!--boot.js--> marker');
        return html.replace('<!--boot.js-->', () => `<script>${bootScript(ctx.bundle)}</script>`);
      },
    },
  };
}

/** serviceWorker writes dist/sw.js from src/sw.js with the files it keeps:
 * the shell (shellOf) and the public files but robots.txt (the offline
 * page, the manifest, the icons); its version is a hash of them all, so a
 * new build is a new worker that drops the old one's cache. */
function serviceWorker(): Plugin {
  const publicDir = fileURLToPath(new URL('./public/', import.meta.url));
  return {
    name: 'zabano-service-worker',
    apply: 'build',
    generateBundle(_, bundle) {
      const shell = shellOf(bundle);
      const assets = new Set([
        ...shell.page,
        ...Object.values(shell.routes).flat(),
        ...Object.values(shell.strings).flatMap((s) => [...s.core, ...s.all]),
      ]);
      const hash = createHash('sha256');
      const publicFiles = readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name !== 'robots.txt')
        .map((e) => join(e.parentPath, e.name));
      for (const file of publicFiles.sort()) hash.update(file).update(readFileSync(file));
      const precache = [...publicFiles.map((f) => `/${relative(publicDir, f)}`), ...[...assets].map((f) => `/${f}`)].sort();
      hash.update(precache.join('\n'));
      const source = readFileSync(fileURLToPath(new URL('./src/sw.js', import.meta.url)), 'utf8');
      hash.update(source);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: source
          .replace('__VERSION__', JSON.stringify(hash.digest('hex').slice(0, 16)))
          .replace('__PRECACHE__', JSON.stringify(precache)),
      });
    },
  };
}

// react-router's package exports name only its development build (with its
// warnings), whatever the mode (remix-run/react-router#12532); the app is
// built from its production build, beside it in the package.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

// The SPA is served by the Go binary from web/dist; in `vite dev` the API is
// proxied to a locally running `zabano serve`.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    inlineBoot(),
    serviceWorker(),
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
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
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
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The smallest shared chunks (an icon, a hook) are written into each
        // chunk that imports them: over HTTP/1.1 a phone opens six
        // connections, and each small file costs a round trip.
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096 } },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 60_000,
  },
}));
