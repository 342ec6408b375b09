import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, relative } from 'node:path';

/** Where BENCH_CPU_PROFILE=1 writes its profiles (one per measured row), or undefined when off. */
export const cpuProfileDir = process.env.BENCH_CPU_PROFILE === '1' ? 'bench-results/profiles' : undefined;

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The heaviest functions of a profile by self time: `{ percent, where }`, most first. */
export function topSelfTime(profile: Profile, count: number): { percent: number; where: string }[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByFrame = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const frame = byNode.get(nodeId)?.callFrame;
    if (!frame) return;
    const file = frame.url.replace(/^file:\/\//, '');
    const where = `${frame.functionName || '(anonymous)'} ${file ? `${relative(process.cwd(), file)}:${frame.lineNumber + 1}` : ''}`;
    selfByFrame.set(where, (selfByFrame.get(where) ?? 0) + delta);
    total += delta;
  });
  return [...selfByFrame.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, time]) => ({ percent: Math.round((time / Math.max(1, total)) * 1000) / 10, where }));
}

/**
 * Runs `work` under the V8 CPU profiler of this process (the server runs in the bench process; the
 * load generator is a child process, so the profile is the server's) when BENCH_CPU_PROFILE=1:
 * writes `bench-results/profiles/<name>.cpuprofile` (open in Chrome DevTools or speedscope) and
 * prints the ten heaviest functions by self time. Without the switch it only runs `work`.
 */
export async function withCpuProfile<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!cpuProfileDir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(cpuProfileDir, { recursive: true });
    const file = join(cpuProfileDir, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile of ${name}: ${file}`);
    console.table(topSelfTime(profile as unknown as Profile, 10));
  }
}
