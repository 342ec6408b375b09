import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's fake identity providers (Google, Facebook, WeChat) run as a child process: browser
 * tests may not import server code. It prints `{ url, env }` on its first line.
 */
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export type FakeIdentityProcess = {
  url: string;
  env: Record<string, string>;
  setProfile: (provider: 'google' | 'facebook' | 'wechat', profile: Record<string, unknown>) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startFakeIdentityProcess(): Promise<FakeIdentityProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/fake-identity-providers.ts'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const first = await new Promise<string>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`fake identity providers did not start:\n${output}`)),
      30_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) {
        clearTimeout(timer);
        done(line);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => fail(new Error(`fake identity providers exited (${code}):\n${output}`)));
  });
  const { url, env } = JSON.parse(first) as { url: string; env: Record<string, string> };
  return {
    url,
    env,
    setProfile: async (provider, profile) => {
      const response = await fetch(`${url}/_fake/profiles/${provider}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(profile),
      });
      if (!response.ok) throw new Error(`setProfile ${provider}: ${response.status}`);
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
