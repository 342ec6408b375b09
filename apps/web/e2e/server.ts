import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the real server (apps/server/src/server.ts, PGlite in a temp DATA_DIR, demo meeting seeded on
 * first start) serving the BUILT web app (apps/web/dist) on a free port, as a child process.
 */

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
/**
 * The built app the server serves: apps/web/dist, or a private build (E2E_WEB_DIST) that keeps a run
 * stable while someone else rebuilds apps/web/dist on the same machine.
 */
const webDist = process.env.E2E_WEB_DIST ?? join(repoRoot, 'apps/web/dist');

export type TestServer = {
  url: string;
  /** Meeting ids created by `importSchedules`, in order. */
  importedMeetingIds: string[];
  /**
   * Stops the server, keeping its data, runs `between` on the data folder (PGlite allows one process
   * at a time), and starts it again on the same address (sessions and stored data survive).
   */
  restart: (between?: (dataDir: string) => void | Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
};

export type TestServerOptions = {
  /** Schedule JSON files (relative to the repo) imported with the import command before the start. */
  importSchedules?: string[];
  /** false: no demo meeting (SEED_DEMO=0; it is only seeded into an empty database anyway). */
  seedDemo?: boolean;
  /** Extra server configuration (e.g. the fake identity providers' endpoints). */
  env?: Record<string, string>;
};

/** Runs `npm run import -- schedule <file>` into a data folder; returns the meeting id it reports. */
function importSchedule(file: string, dataDir: string): string {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/import.ts', 'schedule', file],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: repoRoot },
      encoding: 'utf8',
    },
  );
  const id = /meeting\s+([0-9a-f]{24})/.exec(output)?.[1];
  if (!id) throw new Error(`import of ${file} reported no meeting id:\n${output}`);
  return id;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Environment variable through which the browser project's global setup (data-template.ts) hands the
 * test files a data folder holding the migrated, demo-seeded database (the workers inherit it).
 */
export const dataTemplateEnv = 'E2E_DATA_TEMPLATE';

/**
 * Starts the server on an empty data folder with the demo seeded, waits until it answers, and stops
 * it: the folder then holds what every default test server starts from (migrations, the job queue's
 * schema, the demo meeting and its uploads). About 15 s once instead of once per test file.
 */
export async function seedDataFolder(dataDir: string): Promise<void> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    await waitForHealth(`http://localhost:${port}`, child, () => log);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `${webDist} is missing: run \`npm run build -w @app/web\` first (npm run test:browser does)`,
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'web-e2e-'));
  // A default server (demo seeded, nothing imported) starts from the global setup's seeded copy.
  const template = process.env[dataTemplateEnv];
  if (template && options.seedDemo !== false && !options.importSchedules?.length) {
    cpSync(template, dataDir, { recursive: true });
  }
  const importedMeetingIds = (options.importSchedules ?? []).map((file) => importSchedule(file, dataDir));
  // `localhost`: the demo meeting is the default meeting of that domain.
  const url = `http://localhost:${port}`;
  let log = '';
  const launch = async (): Promise<ChildProcess> => {
    log = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
        SEED_DEMO: options.seedDemo === false ? '0' : '1',
        PUBLIC_URL: `http://localhost:${port}`,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    try {
      await waitForHealth(url, child, () => log);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    return child;
  };
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  let child: ChildProcess;
  try {
    child = await launch();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    importedMeetingIds,
    restart: async (between) => {
      await halt(child);
      await between?.(dataDir);
      child = await launch();
    },
    stop: async () => {
      await halt(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
