import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataTemplateEnv, seedDataFolder } from './server.ts';

/**
 * Vitest global setup of the browser project: migrates and seeds the demo meeting once, through the
 * real server, into a data folder that every default test server copies (startTestServer) instead of
 * migrating and seeding again per file. Returns the teardown that removes the folder.
 */
export default async function setup(): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'web-e2e-template-'));
  await seedDataFolder(folder);
  process.env[dataTemplateEnv] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
