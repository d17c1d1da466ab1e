// Prints Lighthouse's performance and accessibility scores of the sign-in
// page and of a student's "find a teacher" page, with the mobile and the
// desktop presets, measured against the real binary (bin/zabano, from `make
// build`) serving a seeded demo database in a temporary folder. Figures, not
// a test: it fails only when it cannot measure. Targets (issue 15): mobile
// performance >= 90, desktop >= 98, accessibility 100.
//
//   make lighthouse            (from the repository root, after make build)
//   LIGHTHOUSE_RUNS=5 ...      runs per page and preset; the median is shown (3)
//   LIGHTHOUSE_REPORTS=dir ... also writes each run's full JSON report there,
//                              and its trace (for DevTools' Performance panel)
//   LIGHTHOUSE_ONLY=mobile ... only the pages or presets whose name contains it
//
// Each run has a Chromium of its own (a fresh profile: no HTTP cache, no
// service worker), so every load is a first visit. The student is signed in
// the way the web app keeps a session (src/lib/auth/session.ts): cookies set
// in the browser before the run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, openSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launch } from 'chrome-launcher';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = process.env.ZABANO_BIN ?? join(ROOT, 'bin/zabano');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 18470);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const ONLY = process.env.LIGHTHOUSE_ONLY ?? '';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
// The demo accounts of `zabano seed` (cmd/zabano/seed.go).
const STUDENT = { username: 'student1', password: 'zabano-demo', role: 'student' };

/** NotSignedIn is a run that did not end at the page it measures. */
class NotSignedIn extends Error {}

if (typeof WebSocket === 'undefined') {
  console.error('lighthouse.mjs: run it with node --experimental-websocket (Node 20), as `make lighthouse` does');
  process.exit(2);
}
if (!existsSync(BIN)) {
  console.error(`lighthouse.mjs: no ${BIN}; run make build first`);
  process.exit(2);
}

const data = mkdtempSync(join(tmpdir(), 'zabano-lighthouse-'));
const env = { ...process.env, ZABANO_ENV: 'dev', ZABANO_DATA_DIR: data, ZABANO_METRICS_ADDR: 'off' };
let server;
try {
  const seed = spawnSync(BIN, ['seed'], { env, encoding: 'utf8' });
  if (seed.status !== 0) throw new Error(`zabano seed: ${seed.stderr}`);
  // Its log (a line per request) goes to a file: a pipe nobody reads fills
  // up, and then the server waits on it.
  const log = openSync(join(data, 'server.log'), 'w');
  server = spawn(BIN, ['serve', '-addr', `127.0.0.1:${PORT}`], { env, stdio: ['ignore', log, log] });
  await waitFor(`${BASE}/healthz`).catch((err) => {
    throw new Error(`${err.message}\n${readFileSync(join(data, 'server.log'), 'utf8').slice(-2000)}`);
  });
  const cookies = await signIn(STUDENT);
  const pages = [
    { path: '/login', cookies: [] },
    { path: '/student/find-teacher', cookies },
  ];
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  const rows = [];
  for (const page of pages) {
    for (const preset of ['mobile', 'desktop']) {
      if (!`${page.path} ${preset}`.includes(ONLY)) continue;
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditAgain(page, preset, i));
      rows.push(summary(page.path, preset, runs));
    }
  }
  print(rows);
} finally {
  server?.kill();
  rmSync(data, { recursive: true, force: true });
}

/** waitFor polls url until it answers 200, for 30 seconds. */
async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** signIn asks the API for a token and the profile of account, and returns
 * the cookies the web app keeps them in. */
async function signIn(account) {
  const answer = await fetch(`${BASE}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!answer.ok) throw new Error(`sign-in of ${account.username}: ${answer.status} ${await answer.text()}`);
  const { access } = await answer.json();
  const profile = await fetch(`${BASE}/api/profile/`, { headers: { Authorization: `Bearer ${access}` } });
  if (!profile.ok) throw new Error(`profile: ${profile.status}`);
  const user = await profile.json();
  return [
    { name: 'zabano_token', value: access },
    { name: 'zabano_user', value: encodeURIComponent(JSON.stringify(user)) },
    { name: 'zabano_remember', value: '1' },
  ].map((c) => ({ ...c, url: BASE }));
}

/** setCookies puts cookies into the browser listening on port, over the
 * DevTools protocol. */
async function setCookies(port, cookies) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  await new Promise((resolve, reject) => {
    ws.onmessage = (e) => {
      const reply = JSON.parse(e.data);
      if (reply.id === 1) (reply.error ? reject(new Error(reply.error.message)) : resolve());
    };
    ws.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
  });
  ws.close();
}

/** auditAgain is audit, run a second time when the first failed on a
 * loaded machine: Lighthouse lost its trace ("NO_NAVSTART, please run
 * Lighthouse again") or its browser ("Target closed"). */
async function auditAgain(page, preset, run) {
  try {
    return await audit(page, preset, run);
  } catch (err) {
    if (err instanceof NotSignedIn) throw err;
    console.error(`${err.message}; again`);
    return audit(page, preset, run);
  }
}

/** audit runs Lighthouse once on page with preset, in a browser of its own. */
async function audit(page, preset, run) {
  const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    if (page.cookies.length > 0) await setCookies(chrome.port, page.cookies);
    const url = BASE + page.path;
    const result = await lighthouse(
      url,
      // The student's page keeps an event stream open, so the network is never
      // quiet: stop waiting 15 s after the load, long after its last paint.
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], maxWaitForLoad: 15_000 },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) throw new NotSignedIn(`${url} ended at ${lhr.finalDisplayedUrl}: not signed in?`);
    if (REPORTS) {
      const name = join(REPORTS, `${page.path.replaceAll('/', '_')}-${preset}-${run + 1}`);
      writeFileSync(`${name}.json`, result.report);
      writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
    }
    return lhr;
  } finally {
    await chrome.kill();
  }
}

/** summary is one row of the table: the median run by performance, the
 * range of the scores, and what the accessibility audits found. */
function summary(path, preset, runs) {
  const score = (lhr, c) => Math.round(lhr.categories[c].score * 100);
  const sorted = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = sorted[Math.floor(sorted.length / 2)];
  const metric = (id) => median.audits[id].displayValue ?? '';
  const failed = new Set();
  for (const lhr of runs) {
    for (const ref of lhr.categories.accessibility.auditRefs) {
      if (ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1) failed.add(ref.id);
    }
  }
  const perf = sorted.map((lhr) => score(lhr, 'performance'));
  return {
    page: path,
    preset,
    performance: perf.length > 1 ? `${score(median, 'performance')} (${perf[0]}-${perf.at(-1)})` : String(perf[0]),
    accessibility: String(score(median, 'accessibility')),
    FCP: metric('first-contentful-paint'),
    LCP: metric('largest-contentful-paint'),
    TBT: metric('total-blocking-time'),
    CLS: metric('cumulative-layout-shift'),
    SI: metric('speed-index'),
    failed: [...failed].join(' '),
  };
}

function print(rows) {
  const cols = ['page', 'preset', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'];
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => r[c].length))]));
  const line = (r) => `| ${cols.map((c) => r[c].padEnd(width[c])).join(' | ')} |`;
  console.log(`Lighthouse ${lighthouseVersion()}, ${RUNS} run(s) each, median by performance:`);
  console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
  console.log(`|${cols.map((c) => '-'.repeat(width[c] + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  for (const r of rows) if (r.failed) console.log(`accessibility, ${r.page} ${r.preset}: ${r.failed}`);
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')).version;
}
