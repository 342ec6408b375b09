import { type ChildProcess, spawn } from 'node:child_process';
import { subtitleLimits } from '@app/contracts';

/**
 * The audio side of live subtitles (§1 AI subtitles): Debian's ffmpeg — spawned with an argument
 * list, never through a shell — reads the live's source and writes 16 kHz mono 16-bit PCM to its
 * stdout while `silencedetect` reports silences on its stderr. The audio is cut at silences (a cut
 * only once the segment holds {@link subtitleLimits.minSegmentMs}; a segment reaching
 * {@link subtitleLimits.maxSegmentMs} is cut without one); silence after a cut is dropped, so the
 * speech-to-text provider hears speech. Each segment is handed over WAV-wrapped, in order.
 *
 * The two pipes are read in any order: Node may read many seconds of audio before the silences
 * ffmpeg reported for it (a recorded source read at full speed: 70 s seen), or the silences seconds
 * ahead of their audio (a paused stdout). ffmpeg's progress lines, on stderr after the silences of the
 * audio they count, say how far silence detection has read: audio beyond that is neither cut for
 * length nor dropped as silence until the detection has caught up.
 */

export const sampleRate = 16_000;
/** Bytes of PCM per millisecond (16 kHz × 2 bytes, mono). */
const bytesPerMs = (sampleRate * 2) / 1000;
/** A trailing piece shorter than this at the end of the stream is not transcribed. */
const minTailMs = 300;

/** One piece of speech: its audio as a WAV file and where it lies. */
export type AudioSegment = {
  wav: Uint8Array;
  /** Milliseconds of audio from the start of this reading. */
  startMs: number;
  endMs: number;
  /** Wall clock when the segment's last sample came from ffmpeg (the audio's end, as heard live). */
  endedAt: Date;
};

export type SegmenterOptions = {
  /** The source address (http(s) stream or file); handed to ffmpeg as one argument. */
  url: string;
  /** Called for every segment, in order; the next segment waits until the previous call settles. */
  onSegment: (segment: AudioSegment) => Promise<void>;
  /** Reads the input at its native rate (`-re`): a recorded file then plays like a live source. */
  realtime?: boolean;
  /** The ffmpeg binary (default `ffmpeg` from PATH). */
  ffmpegPath?: string;
  /** Silence threshold and duration of silencedetect (default -30 dB, 0.4 s). */
  noiseDb?: number;
  silenceSeconds?: number;
  /** Seconds without a byte from the source before ffmpeg gives up (default {@link stallSeconds}). */
  stallSeconds?: number;
  /**
   * Segments handed over but not yet handled, beyond which ffmpeg's output is paused (default
   * {@link maxPendingSegments}): ffmpeg then blocks on its full pipe, so a recorded source read at
   * network speed holds a few segments in memory, never the whole file.
   */
  maxPending?: number;
  /** Milliseconds between SIGTERM and SIGKILL when stopping (default {@link killGraceMs}). */
  killGraceMs?: number;
};

/** Seconds between ffmpeg's progress lines (`-stats_period`), i.e. how often detection is known. */
export const progressSeconds = 0.25;
/** Default seconds without data before a source counts as stalled (ffmpeg's -rw_timeout). */
export const stallSeconds = 15;
/** Default number of pending segments that pauses ffmpeg's output (back-pressure). */
export const maxPendingSegments = 3;
/** Default grace between SIGTERM and SIGKILL. */
export const killGraceMs = 5000;
/**
 * The protocols ffmpeg may open: network streams only. `file` is not among them, so a playlist
 * fetched over HTTP cannot name a local file (§9 outbound calls).
 */
export const allowedProtocols = 'http,https,tcp,tls,crypto,hls,httpproxy';

export type Segmenter = {
  /** Segments handed over whose onSegment call has not settled yet (the one running included). */
  pending: () => number;
  /**
   * Settles when ffmpeg has exited and every segment was handed over: `code` is ffmpeg's exit code
   * (0 at the end of the stream; null when stopped), `error` the last lines of its stderr on failure.
   */
  done: Promise<{ code: number | null; error: string }>;
  /** Stops reading (kills ffmpeg); segments already cut are still handed over. */
  stop: () => void;
};

/** A 44-byte RIFF/WAVE header before 16-bit mono PCM at {@link sampleRate}. */
export function wavOf(pcm: Buffer): Uint8Array {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // format: PCM
  header.writeUInt16LE(1, 22); // channels
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return new Uint8Array(Buffer.concat([header, pcm]));
}

/** The ffmpeg arguments that read `url` as 16 kHz mono PCM on stdout with silences on stderr. */
export function ffmpegArgs(
  options: Pick<SegmenterOptions, 'url' | 'realtime' | 'noiseDb' | 'silenceSeconds' | 'stallSeconds'>,
) {
  const noise = options.noiseDb ?? -30;
  const seconds = options.silenceSeconds ?? 0.4;
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    // Progress as key=value lines on stderr, after the silences of the audio they count (the
    // cutter's `detected`).
    '-progress',
    'pipe:2',
    '-stats_period',
    String(progressSeconds),
    '-loglevel',
    'info',
    ...(options.realtime ? ['-re'] : []),
    // A source that sends nothing for stallSeconds ends the reading (the lease then shows it); a
    // dropped HTTP connection is reopened, with delays of at most 4 s. No `-reconnect_streamed`: on
    // a stalled stream it reconnects without end.
    '-rw_timeout',
    String(Math.round((options.stallSeconds ?? stallSeconds) * 1_000_000)),
    '-reconnect',
    '1',
    '-reconnect_delay_max',
    '4',
    // Protocols limited to what a network stream needs (no local files).
    '-protocol_whitelist',
    allowedProtocols,
    '-i',
    options.url,
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-af',
    `silencedetect=noise=${noise}dB:d=${seconds}`,
    '-f',
    's16le',
    'pipe:1',
  ];
}

/** A silence's start or end as silencedetect reports it, in milliseconds of audio. */
export type SilenceEvent = { kind: 'start' | 'end'; ms: number };

/** A silence event from a silencedetect line, in milliseconds; null for any other line. */
export function silenceEventOf(line: string): SilenceEvent | null {
  const match = /silence_(start|end):\s*(-?[\d.]+)/.exec(line);
  if (!match) return null;
  const seconds = Number(match[2]);
  if (!Number.isFinite(seconds)) return null;
  return { kind: match[1] as 'start' | 'end', ms: Math.max(0, Math.round(seconds * 1000)) };
}

/**
 * How far ffmpeg has written its output, in milliseconds of audio, from a `-progress` line
 * (`out_time_us=12000000` → 12000); null for any other line.
 */
export function progressMsOf(line: string): number | null {
  const match = /^out_time_us=(\d+)\s*$/.exec(line);
  return match ? Math.floor(Number(match[1]) / 1000) : null;
}

/** Whether a stderr line is one of `-progress`'s key=value lines (not ffmpeg's own words). */
function isProgressLine(line: string): boolean {
  return /^[a-z_0-9]+=\S*$/.test(line.trim());
}

/**
 * The cutting rules, apart from ffmpeg (unit-testable): feed PCM, silence starts and ends, and how
 * far silence detection has read (`detected`, from ffmpeg's progress); it answers the segments to
 * hand over. Times are milliseconds of audio from the start of the reading.
 */
export function createCutter(now: () => Date = () => new Date()) {
  let chunks: Buffer[] = [];
  /** Byte offset (in the whole reading) of chunks[0]'s first byte. */
  let bufferStart = 0;
  let received = 0;
  let segmentStart = 0;
  /** A cut at a silence's start waiting for its audio to arrive. */
  const pendingCuts: number[] = [];
  /**
   * After a cut at a silence's start, audio is dropped up to here: Infinity while the silence lasts,
   * its end once known; null when speech is being collected.
   */
  let skipUntil: number | null = null;
  /**
   * Silence events read before the audio reaching the end of the silence being skipped: ffmpeg's
   * stderr runs ahead of its stdout by what the pipe and a paused stream hold (seconds of audio), so
   * the next silences are applied in order once that audio has arrived, never dropped.
   */
  const waiting: SilenceEvent[] = [];
  /**
   * How far silence detection is known to have read: every silence of the audio before it has been
   * reported. Audio past it may still hold a silence whose events are on their way.
   */
  let detectedMs = 0;
  let lastArrival = now();
  const out: Omit<AudioSegment, 'wav'>[] = [];
  const pcmOut: Buffer[] = [];

  const receivedMs = () => Math.floor(received / bytesPerMs);
  /** The audio both received and searched for silences. */
  const knownMs = () => Math.min(receivedMs(), detectedMs);
  const take = (fromMs: number, toMs: number): Buffer => {
    const from = fromMs * bytesPerMs - bufferStart;
    const to = toMs * bytesPerMs - bufferStart;
    const all = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    const piece = Buffer.from(all.subarray(Math.max(0, from), Math.max(0, to)));
    const rest = all.subarray(Math.max(0, to));
    chunks = rest.length > 0 ? [Buffer.from(rest)] : [];
    bufferStart = toMs * bytesPerMs;
    return piece;
  };
  const emit = (toMs: number) => {
    if (toMs <= segmentStart) return;
    const pcm = take(segmentStart, toMs);
    // The sample at `toMs` arrived (receivedMs − toMs) ms of audio before the latest one: on a live
    // source that is when it was heard, so the delay counts silence detection too.
    const heardAt = lastArrival.getTime() - Math.max(0, receivedMs() - toMs);
    out.push({ startMs: segmentStart, endMs: toMs, endedAt: new Date(heardAt) });
    pcmOut.push(pcm);
    segmentStart = toMs;
  };
  const apply = (event: SilenceEvent) => {
    if (event.kind === 'start') {
      const lastCut = pendingCuts.at(-1) ?? segmentStart;
      if (skipUntil === null && event.ms - lastCut >= subtitleLimits.minSegmentMs) {
        pendingCuts.push(event.ms);
        skipUntil = Number.POSITIVE_INFINITY;
      }
    } else if (skipUntil !== null) {
      // The silence's audio is not speech: the next segment starts where it ends.
      skipUntil = event.ms;
    }
  };
  const flushCuts = () => {
    for (;;) {
      while (pendingCuts.length > 0 && (pendingCuts[0] as number) <= receivedMs()) {
        emit(pendingCuts.shift() as number);
      }
      if (skipUntil === Number.POSITIVE_INFINITY && waiting.length > 0) {
        // The end of the silence being skipped, read earlier.
        apply(waiting.shift() as SilenceEvent);
        continue;
      }
      if (pendingCuts.length > 0) return;
      if (skipUntil !== null) {
        // While a silence lasts, only audio that detection has read is dropped: speech after a
        // silence whose end has not been read yet is kept.
        const to = Math.min(skipUntil, skipUntil === Number.POSITIVE_INFINITY ? knownMs() : receivedMs());
        if (to > segmentStart) {
          take(segmentStart, to);
          segmentStart = to;
        }
        if (segmentStart >= skipUntil) skipUntil = null;
        else return;
      }
      const next = waiting.shift();
      if (!next) break;
      apply(next);
    }
    // A segment is cut for length only where detection has read: a silence reported late still cuts.
    while (knownMs() - segmentStart >= subtitleLimits.maxSegmentMs) {
      emit(segmentStart + subtitleLimits.maxSegmentMs);
    }
  };
  const drain = () => {
    const segments = out.splice(0).map((segment, index) => ({
      ...segment,
      wav: wavOf(pcmOut[index] as Buffer),
    }));
    pcmOut.splice(0);
    return segments;
  };
  return {
    pcm(data: Buffer): AudioSegment[] {
      lastArrival = now();
      received += data.length;
      chunks.push(data);
      flushCuts();
      return drain();
    },
    silence(event: SilenceEvent): AudioSegment[] {
      detectedMs = Math.max(detectedMs, event.ms);
      // A silence whose end is known but whose audio has not all arrived is still being skipped:
      // later events wait for it (see `waiting`).
      if (waiting.length > 0 || (skipUntil !== null && skipUntil !== Number.POSITIVE_INFINITY)) {
        waiting.push(event);
      } else apply(event);
      flushCuts();
      return drain();
    },
    /** Silence detection has read this far (ms of audio; ffmpeg's progress): cuts it held back. */
    detected(ms: number): AudioSegment[] {
      detectedMs = Math.max(detectedMs, ms);
      flushCuts();
      return drain();
    },
    /** The end of the stream: the cuts still pending, then the rest unless it is silence or too short. */
    end(): AudioSegment[] {
      // Every silence has been reported by now (ffmpeg has exited).
      detectedMs = Number.POSITIVE_INFINITY;
      flushCuts();
      for (const cut of pendingCuts.splice(0)) emit(Math.min(cut, receivedMs()));
      if (skipUntil !== null) {
        if (skipUntil === Number.POSITIVE_INFINITY) return drain();
        segmentStart = Math.max(segmentStart, Math.min(skipUntil, receivedMs()));
      }
      if (receivedMs() - segmentStart >= minTailMs) emit(receivedMs());
      return drain();
    },
  };
}

/**
 * Starts ffmpeg on `options.url` and hands over segments as they are cut (see the module comment),
 * at most `maxPending` waiting at a time (back-pressure). Never throws: a source that cannot be read
 * ends `done` with a non-zero code and ffmpeg's last words (raw: callers log them, never show them);
 * a source that stalls for `stallSeconds` ends it too.
 */
export function startSegmenter(options: SegmenterOptions): Segmenter {
  const cutter = createCutter();
  const cap = Math.max(1, options.maxPending ?? maxPendingSegments);
  let chain = Promise.resolve();
  let pending = 0;
  let child: ChildProcess | undefined;
  let isStopped = false;
  // Back-pressure: while more than `cap` segments wait, ffmpeg's stdout is paused; its pipe fills and
  // ffmpeg stops reading the source until the provider has caught up.
  const hand = (segments: AudioSegment[]) => {
    for (const segment of segments) {
      pending += 1;
      chain = chain
        .then(() => options.onSegment(segment))
        .catch(() => undefined)
        .finally(() => {
          pending -= 1;
          if (pending <= cap && child?.stdout?.isPaused()) child.stdout.resume();
        });
    }
    if (pending > cap && !isStopped) child?.stdout?.pause();
  };
  let killTimer: NodeJS.Timeout | undefined;
  const tail: string[] = [];
  const done = new Promise<{ code: number | null; error: string }>((resolve) => {
    try {
      child = spawn(options.ffmpegPath ?? 'ffmpeg', ffmpegArgs(options), {
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
      });
    } catch (error) {
      resolve({ code: 1, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    let pendingLine = '';
    child.stdout?.on('data', (data: Buffer) => hand(cutter.pcm(data)));
    child.stdout?.on('error', () => undefined);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      const lines = (pendingLine + text).split(/\r?\n|\r/);
      pendingLine = lines.pop() ?? '';
      for (const line of lines) {
        const event = silenceEventOf(line);
        const progress = event ? null : progressMsOf(line);
        if (event) hand(cutter.silence(event));
        else if (progress !== null) hand(cutter.detected(progress));
        else if (line.trim() !== '' && !isProgressLine(line)) {
          tail.push(line.trim().slice(0, 300));
          if (tail.length > 5) tail.shift();
        }
      }
    });
    child.on('error', (error) => {
      tail.push(error.message);
    });
    child.on('close', (code) => {
      if (killTimer) clearTimeout(killTimer);
      const event = silenceEventOf(pendingLine);
      if (event) hand(cutter.silence(event));
      hand(cutter.end());
      void chain.then(() =>
        resolve({
          code: isStopped ? null : (code ?? 1),
          error: code === 0 || isStopped ? '' : tail.slice(-3).join(' | ').slice(0, 500),
        }),
      );
    });
  });
  return {
    done,
    pending: () => pending,
    stop: () => {
      if (isStopped) return;
      isStopped = true;
      // A paused stdout would keep ffmpeg blocked on its pipe: let it drain so the process can exit.
      child?.stdout?.resume();
      child?.kill('SIGTERM');
      // ffmpeg stuck in a blocking read may ignore SIGTERM: SIGKILL after a grace period.
      killTimer = setTimeout(() => {
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }, options.killGraceMs ?? killGraceMs);
      killTimer.unref();
    },
  };
}
