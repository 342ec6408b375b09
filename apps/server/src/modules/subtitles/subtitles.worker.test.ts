import { describe, expect, it } from 'vitest';
import { createCutter, ffmpegArgs, progressMsOf, silenceEventOf, wavOf } from './subtitles.worker.ts';

/** PCM of `ms` milliseconds (16 kHz mono 16-bit). */
const pcm = (ms: number) => Buffer.alloc(ms * 32, 1);
const spans = (segments: { startMs: number; endMs: number }[]) => segments.map((s) => [s.startMs, s.endMs]);

describe('subtitle audio cutting (§1 AI subtitles)', () => {
  it('reads silencedetect lines', () => {
    expect(silenceEventOf('[silencedetect @ 0x55] silence_start: 1.56426')).toEqual({
      kind: 'start',
      ms: 1564,
    });
    expect(silenceEventOf('[silencedetect @ 0x55] silence_end: 3.10481 | silence_duration: 1.54')).toEqual({
      kind: 'end',
      ms: 3105,
    });
    expect(silenceEventOf('Stream #0:0: Audio: pcm_s16le')).toBeNull();
  });

  it('passes the source as one argument, never through a shell', () => {
    const args = ffmpegArgs({ url: 'http://example.test/a b;rm -rf /.m3u8' });
    expect(args[args.indexOf('-i') + 1]).toBe('http://example.test/a b;rm -rf /.m3u8');
    expect(args.slice(-3)).toEqual(['-f', 's16le', 'pipe:1']);
  });

  it('gives up on a source silent for 15 s and opens no local files', () => {
    const args = ffmpegArgs({ url: 'https://example.test/live.m3u8' });
    expect(args[args.indexOf('-rw_timeout') + 1]).toBe('15000000');
    expect(args[args.indexOf('-protocol_whitelist') + 1]?.split(',')).not.toContain('file');
    expect(args).not.toContain('-reconnect_streamed');
  });

  it('cuts at a silence, drops the silence, and keeps speech whose silence end is read late', () => {
    const cutter = createCutter();
    expect(cutter.pcm(pcm(1000))).toEqual([]);
    // The silence starts at 1.5 s; its audio arrives after the event.
    expect(cutter.silence({ kind: 'start', ms: 1500 })).toEqual([]);
    const first = cutter.pcm(pcm(1000)); // up to 2.0 s
    expect(spans(first)).toEqual([[0, 1500]]);
    expect(first[0]?.wav.length).toBe(44 + 1500 * 32);
    // Speech again from 3.0 s; the audio up to 4.0 s is read before the silence's end.
    cutter.pcm(pcm(2000));
    cutter.silence({ kind: 'end', ms: 3000 });
    expect(spans(cutter.end())).toEqual([[3000, 4000]]);
  });

  it('cuts at every silence when the silences are read seconds before their audio (stdout paused)', () => {
    const cutter = createCutter();
    // Three periods of 1.4 s tone and 0.6 s silence, every event read before any of the audio.
    for (const period of [0, 2000, 4000]) {
      expect(cutter.silence({ kind: 'start', ms: period + 1400 })).toEqual([]);
      expect(cutter.silence({ kind: 'end', ms: period + 2000 })).toEqual([]);
    }
    const got = [...cutter.pcm(pcm(3000)), ...cutter.pcm(pcm(3000)), ...cutter.end()];
    expect(spans(got)).toEqual([
      [0, 1400],
      [2000, 3400],
      [4000, 5400],
    ]);
  });

  it('does not cut before 1 s and cuts a long segment at 12 s without a silence', () => {
    const cutter = createCutter();
    cutter.pcm(pcm(500));
    expect(cutter.silence({ kind: 'start', ms: 500 })).toEqual([]);
    cutter.silence({ kind: 'end', ms: 900 });
    // No cut for length before silence detection has read that far (ffmpeg's progress).
    expect(cutter.pcm(pcm(12_000))).toEqual([]);
    expect(spans(cutter.detected(12_500))).toEqual([[0, 12_000]]);
    expect(spans(cutter.end())).toEqual([[12_000, 12_500]]);
  });

  it('cuts at every silence when the audio is read seconds before its silences (a recorded source read at full speed)', () => {
    const cutter = createCutter();
    // 14 s of 1.4 s tone and 0.6 s silence, all read before the first silence is.
    expect(cutter.pcm(pcm(14_000))).toEqual([]);
    const got = [];
    for (let period = 0; period < 14_000; period += 2000) {
      got.push(...cutter.silence({ kind: 'start', ms: period + 1400 }));
      got.push(...cutter.silence({ kind: 'end', ms: period + 2000 }));
    }
    got.push(...cutter.detected(14_000), ...cutter.end());
    expect(spans(got)).toEqual(
      [0, 2000, 4000, 6000, 8000, 10_000, 12_000].map((start) => [start, start + 1400]),
    );
  });

  it('drops a lasting silence only as far as detection has read, so speech after its late end is kept', () => {
    const cutter = createCutter();
    cutter.pcm(pcm(2000));
    expect(spans(cutter.silence({ kind: 'start', ms: 1500 }))).toEqual([[0, 1500]]);
    // 8 s more audio arrive; detection has read the silence up to 4 s, its end (4.5 s) comes later.
    expect(cutter.pcm(pcm(8000))).toEqual([]);
    expect(cutter.detected(4000)).toEqual([]);
    expect(cutter.silence({ kind: 'end', ms: 4500 })).toEqual([]);
    expect(spans(cutter.end())).toEqual([[4500, 10_000]]);
  });

  it('reads ffmpeg progress lines', () => {
    expect(progressMsOf('out_time_us=12345678')).toBe(12_345);
    expect(progressMsOf('out_time_us=N/A')).toBeNull();
    expect(progressMsOf('[silencedetect @ 0x55] silence_start: 1.5')).toBeNull();
    const args = ffmpegArgs({ url: 'https://example.test/live.m3u8' });
    expect(args[args.indexOf('-progress') + 1]).toBe('pipe:2');
  });

  it('leaves out a trailing silence and too short a tail', () => {
    const cutter = createCutter();
    cutter.pcm(pcm(2000));
    const got = [...cutter.silence({ kind: 'start', ms: 1800 }), ...cutter.pcm(pcm(3000)), ...cutter.end()];
    expect(spans(got)).toEqual([[0, 1800]]);
    const short = createCutter();
    short.pcm(pcm(200));
    expect(short.end()).toEqual([]);
  });

  it('wraps PCM in a WAV header', () => {
    const wav = Buffer.from(wavOf(Buffer.alloc(320)));
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt32LE(40)).toBe(320);
  });
});
