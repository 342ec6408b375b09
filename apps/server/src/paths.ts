import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server folder, found by walking up from this file to the folder holding
 * `drizzle/meta/_journal.json` — the same answer from src/ (tsx) and from the bundled dist/.
 */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('apps/server root not found (no drizzle/meta/_journal.json above the running file)');
}

/**
 * Resolves a user-given path: absolute as is, relative against the folder npm was started in
 * (INIT_CWD — `npm start` at the repo root runs workspace scripts inside apps/server) or the cwd.
 */
export function resolveUserPath(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}
