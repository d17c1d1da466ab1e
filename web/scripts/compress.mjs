// Writes a brotli (name.br) and a gzip (name.gz) copy beside each text file
// of dist/ of at least 1 KB, at the highest levels: done once at build, so
// the server sends them without compressing per request (httpapi/spa.go
// picks the copy by Accept-Encoding). A copy no smaller than its file is not
// kept. Fonts and images are compressed already.
import { readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
const MIN_BYTES = 1024;

let plain = 0;
let br = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(extname(entry.name))) continue;
  const file = join(entry.parentPath, entry.name);
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const copies = {
    '.br': brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    '.gz': gzipSync(bytes, { level: 9 }),
  };
  for (const [suffix, copy] of Object.entries(copies)) {
    if (copy.length < bytes.length) writeFileSync(file + suffix, copy);
    else rmSync(file + suffix, { force: true });
  }
  plain += bytes.length;
  br += copies['.br'].length;
}
console.log(`compress: ${(plain / 1024).toFixed(0)} KB of text, ${(br / 1024).toFixed(0)} KB in brotli`);
