import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * Video stills for the §9 video-frame suffix (`?vframe/jpg/offset/<s>`): Debian's `ffmpeg` binary,
 * run without a shell on a scratch copy of the video with fixed arguments (only the offset, a number
 * we parsed, varies), a time limit and a bounded output. Where ffmpeg is not installed the caller
 * serves {@link videoPlaceholderJpeg} instead of failing.
 */

/** The ffmpeg program (PATH lookup; `FFMPEG_PATH` overrides it). */
const ffmpegPath = process.env.FFMPEG_PATH || 'ffmpeg';
/** Longest a still may take to render. */
const frameTimeoutMs = 15_000;
/** Largest still accepted from ffmpeg (a 4K JPEG is ~2 MiB). */
const maxFrameBytes = 16 * 1024 * 1024;

let availability: Promise<boolean> | undefined;

/** Whether ffmpeg can be run here (checked once per process with `ffmpeg -version`). */
export function isFfmpegAvailable(): Promise<boolean> {
  availability ??= new Promise((resolve) => {
    execFile(ffmpegPath, ['-version'], { timeout: 5000 }, (error) => resolve(!error));
  });
  return availability;
}

function runFfmpeg(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath,
      args,
      { timeout: frameTimeoutMs, maxBuffer: maxFrameBytes, encoding: 'buffer', killSignal: 'SIGKILL' },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/**
 * A JPEG still of `video` at `offsetSeconds` (the first frame when the video is shorter), or null
 * when ffmpeg finds no frame (not a video it can decode).
 * @throws when ffmpeg cannot be run or times out
 */
export async function extractVideoFrame(video: Buffer, offsetSeconds: number): Promise<Buffer | null> {
  const folder = await mkdtemp(join(tmpdir(), 'vframe-'));
  try {
    const input = join(folder, 'input');
    await writeFile(input, video);
    for (const offset of offsetSeconds > 0 ? [offsetSeconds, 0] : [0]) {
      const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-ss', String(offset), '-i', input];
      args.push('-frames:v', '1', '-an', '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1');
      try {
        const frame = await runFfmpeg(args);
        if (frame.length > 0) return frame;
      } catch (error) {
        // A file ffmpeg cannot read is not a video: no still. A missing ffmpeg or a time-out is ours.
        const code = (error as { code?: unknown }).code;
        if (code === 'ENOENT' || (error as { killed?: boolean }).killed) throw error;
        return null;
      }
    }
    return null;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

let placeholder: Promise<Buffer> | undefined;

/**
 * The generic video picture (a play sign on grey, 16:9, 640×360 JPEG) served for a still when ffmpeg
 * is missing or finds no frame: the page shows a video tile rather than a broken image.
 */
export function videoPlaceholderJpeg(): Promise<Buffer> {
  placeholder ??= sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">' +
        '<rect width="640" height="360" fill="#4b5563"/><circle cx="320" cy="180" r="64" fill="#ffffff" fill-opacity="0.9"/>' +
        '<path d="M300 146 L300 214 L356 180 Z" fill="#4b5563"/></svg>',
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();
  return placeholder;
}
