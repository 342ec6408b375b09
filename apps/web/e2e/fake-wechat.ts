import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** A fake WeChat API running as a child process: its base URL and the server settings that point at it. */
export type FakeWechat = { url: string; env: Record<string, string>; child: ChildProcess };

/**
 * Starts one of the server's fake WeChat APIs (DESIGN §8: tests never call WeChat) as a child process,
 * since browser tests import no server code: `fake-wechat-server.ts` (official account), or
 * `fake-wechat-mini.ts` (the same plus the mini-program login calls). The process prints
 * `{ url, env }` on its first line. Rejects after 30 s without it.
 */
export async function startFakeWechat(
  script: 'fake-wechat-server.ts' | 'fake-wechat-mini.ts' = 'fake-wechat-server.ts',
): Promise<FakeWechat> {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/providers/wechat/${script}`], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const line = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`fake WeChat did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) {
        clearTimeout(timer);
        done(output.split('\n')[0] ?? '');
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  });
  const { url, env } = JSON.parse(line) as { url: string; env: Record<string, string> };
  return { url, env, child };
}
