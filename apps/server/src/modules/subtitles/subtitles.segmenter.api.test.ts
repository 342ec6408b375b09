import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedProtocols, ffmpegArgs, startSegmenter } from './subtitles.worker.ts';

/**
 * The subtitle worker's ffmpeg reading against local HTTP sources (§1 AI subtitles; §9 outbound
 * calls): a playlist naming a local file is refused, a recorded source read at network speed keeps
 * only a few segments waiting (back-pressure), a stalled source ends, and a stop escalates to SIGKILL.
 */

let dir: string;
let server: Server;
let base: string;
/** The stalled responses kept open, closed at the end. */
const stalled: { destroy: () => void }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'segmenter-'));
  // 90 s of tone, 1.4 s on and 0.6 s off: a couple of dozen segments.
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'aevalsrc=0.5*sin(2*PI*440*t)*lt(mod(t\\,2)\\,1.4):s=16000:d=90'],
    join(dir, 'long.wav'),
  ]);
  // A short MPEG-TS that the hostile playlist names by its local path.
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=4'],
    ...['-c:a', 'aac', '-f', 'mpegts', join(dir, 'seg.ts')],
  ]);
  const long = readFileSync(join(dir, 'long.wav'));
  server = createServer((request, response) => {
    if (request.url === '/long.wav') {
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': long.length }).end(long);
    } else if (request.url === '/p.m3u8') {
      response.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
      response.end(
        `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nfile://${join(dir, 'seg.ts')}\n#EXT-X-ENDLIST\n`,
      );
    } else if (request.url === '/stall.wav') {
      // Headers and two seconds of audio, then nothing, the connection left open.
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': long.length });
      response.write(long.subarray(0, 64_044));
      stalled.push(response.socket as { destroy: () => void });
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const socket of stalled) socket.destroy();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the subtitle worker reading a source', () => {
  it('never opens local files: a playlist naming file:// gives no audio', async () => {
    expect(allowedProtocols.split(',')).not.toContain('file');
    const args = ffmpegArgs({ url: `${base}/p.m3u8` });
    expect(args[args.indexOf('-protocol_whitelist') + 1]).toBe(allowedProtocols);
    const segments: unknown[] = [];
    const segmenter = startSegmenter({
      url: `${base}/p.m3u8`,
      onSegment: async (segment) => {
        segments.push(segment);
      },
    });
    const outcome = await segmenter.done;
    expect(segments).toEqual([]);
    expect(outcome.code).not.toBe(0);
  }, 30_000);

  it('keeps at most a few segments waiting while the provider is slow (back-pressure)', async () => {
    let most = 0;
    let handled = 0;
    const segmenter = startSegmenter({
      url: `${base}/long.wav`,
      maxPending: 3,
      onSegment: async () => {
        most = Math.max(most, segmenter.pending());
        await new Promise((resolve) => setTimeout(resolve, 25));
        most = Math.max(most, segmenter.pending());
        handled += 1;
      },
    });
    const outcome = await segmenter.done;
    expect(outcome.code).toBe(0);
    // 45 periods of tone and silence: a cut at every silence, although ffmpeg's silences (stderr) run
    // seconds ahead of its paused audio (stdout).
    expect(handled).toBeGreaterThanOrEqual(44);
    // The audio already in the pipe and the stream's buffer when the pause applies (about 4 s, 128 KB)
    // can complete a few segments past the cap, and on a loaded machine Node reads up to some 20 s of
    // audio before the silences that cut it (up to 12 segments seen at once); ffmpeg then waits.
    expect(most).toBeLessThanOrEqual(3 + 12);

    // Without the cap the whole file is cut at once and waits in memory.
    let unbounded = 0;
    const greedy = startSegmenter({
      url: `${base}/long.wav`,
      maxPending: 10_000,
      onSegment: async () => {
        unbounded = Math.max(unbounded, greedy.pending());
        await new Promise((resolve) => setTimeout(resolve, 25));
      },
    });
    await greedy.done;
    expect(unbounded).toBeGreaterThan(15);
  }, 60_000);

  it('ends the reading when the source stops sending', async () => {
    const started = Date.now();
    const segmenter = startSegmenter({
      url: `${base}/stall.wav`,
      stallSeconds: 1,
      onSegment: async () => undefined,
    });
    const outcome = await segmenter.done;
    expect(outcome.code).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('kills a reader that ignores SIGTERM', async () => {
    const script = join(dir, 'deaf.sh');
    writeFileSync(script, "#!/bin/sh\ntrap '' TERM\nwhile :; do sleep 0.1; done\n");
    chmodSync(script, 0o755);
    const segmenter = startSegmenter({
      url: `${base}/long.wav`,
      ffmpegPath: script,
      killGraceMs: 500,
      onSegment: async () => undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    segmenter.stop();
    const outcome = await segmenter.done;
    expect(outcome.code).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);
});
