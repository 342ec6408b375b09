// Gzip size of the JavaScript a first visit to a route downloads: the entry chunk, its static imports,
// and the route's lazy chunk with its static imports. Usage: node scripts/initial-js-size.mjs [route-chunk-prefix]
// Exits 1 when over the budget (150 KiB for /meeting/home, DESIGN §5 / issue 2).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const routePrefix = process.argv[2] ?? 'home-page';
const budgetKiB = Number(process.argv[3] ?? 150);

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module" crossorigin src="\.\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('entry script not found in dist/index.html');

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g))
    visit(join(dirname(file), match[1]));
}
visit(entry);
const lazy = [...readFileSync(join(dist, entry), 'utf8').matchAll(/["']\.\/([^"']+\.js)["']/g)]
  .map((m) => join(dirname(entry), m[1]))
  .find((file) => file.split('/').pop().startsWith(`${routePrefix}-`));
if (!lazy) throw new Error(`lazy chunk ${routePrefix}-*.js not found`);
visit(lazy);

let total = 0;
const rows = [...seen].map((file) => {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  return [file, size];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(2).padStart(8)} KiB  ${file}`);
console.log(
  `${(total / 1024).toFixed(2).padStart(8)} KiB  initial JS of ${routePrefix} (gzip -9), budget ${budgetKiB} KiB`,
);
if (total / 1024 > budgetKiB) process.exit(1);
