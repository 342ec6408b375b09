import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type IdCardOutcome, type OcrProvider, readIdCardText } from './ocr.ts';

/** Width the card is scaled to before recognition: ~300 dpi for an 85.6 mm card. */
const cardWidth = 1600;

/** Runs a program and answers its standard output; rejects with the error (ENOENT when absent). */
function run(file: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}

/**
 * The local recogniser (DESIGN §8 ocr: "Tesseract when installed, else manual entry"): the photo is
 * turned upright (EXIF), grey, normalised and scaled to {@link cardWidth} px with sharp, then read by
 * Debian's `tesseract` binary (languages chi_sim+eng, page segmentation 6 "a block of text") and
 * parsed by readIdCardText. No binary, no language data or a crash → `unavailable`; a picture
 * without a valid number → `refused`.
 */
export function createTesseractOcrProvider(
  options: { binary?: string; languages?: string; timeoutMs?: number } = {},
): OcrProvider {
  const binary = options.binary ?? 'tesseract';
  const languages = options.languages ?? 'chi_sim+eng';
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    name: 'tesseract',
    async recogniseIdCard(image): Promise<IdCardOutcome> {
      let prepared: Buffer;
      try {
        prepared = await sharp(image, { limitInputPixels: 40_000_000 })
          .rotate()
          .grayscale()
          .normalise()
          .resize({ width: cardWidth })
          .png()
          .toBuffer();
      } catch {
        return { status: 'refused' };
      }
      const folder = await mkdtemp(join(tmpdir(), 'ocr-'));
      try {
        const input = join(folder, 'card.png');
        await writeFile(input, prepared);
        let text: string;
        try {
          text = await run(binary, [input, 'stdout', '-l', languages, '--psm', '6'], timeoutMs);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          return {
            status: 'unavailable',
            reason:
              code === 'ENOENT' ? `${binary} is not installed` : `${binary} failed: ${String(code ?? error)}`,
          };
        }
        const card = readIdCardText(text);
        return card ? { status: 'recognised', card } : { status: 'refused' };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
