// Prints the gzipped size of the JavaScript the first page (/login) loads:
// the entry chunk, the login screen's lazy chunk, the core Persian strings and
// everything they import
// statically. Reads the Vite manifest of the build, then removes it from
// dist/ (the server has no use for it). Budget: 170 KB; this prints, it does
// not fail the build.
import { readFileSync, rmSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET_KB = 170;
const dist = new URL('../dist/', import.meta.url).pathname;
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('size: no dist/.vite/manifest.json; run `vite build` first');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const files = new Set();
function add(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imp of chunk.imports ?? []) add(imp);
}
add('index.html');
const login = Object.keys(manifest).find((k) => k.endsWith('src/app/routes/auth/login.tsx'));
if (login) add(login);
else console.warn('size: the login route chunk was not found in the manifest');
// The core Persian strings (the default language) load before the first render.
const fa = Object.keys(manifest).find((k) => k.endsWith('virtual:core-strings/fa'));
if (fa) add(fa);
else console.warn('size: the core Persian strings were not found in the manifest');

let total = 0;
const rows = [];
for (const f of [...files].filter((f) => f.endsWith('.js'))) {
  const gz = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  total += gz;
  rows.push([f, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [f, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
const kb = total / 1024;
console.log(
  `First page (/login) JavaScript: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB${kb > BUDGET_KB ? ', OVER BUDGET' : ''})`,
);
rmSync(join(dist, '.vite'), { recursive: true, force: true });
