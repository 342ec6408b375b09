import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type IdCardOutcome, type IdCardReading, type OcrProvider, readIdCardText } from './ocr.ts';

/**
 * Widths the card is scaled to, tried in turn (Tesseract's reading of small CJK names depends on the
 * scale): ~360 and ~475 dpi for an 85.6 mm card. The next one is tried only while no valid number or
 * no name in Chinese characters has been read.
 */
const cardWidths = [1200, 1600];
const hasChineseName = (name: string) => /\p{Script=Han}{2,}/u.test(name);

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
 * turned upright (EXIF), grey, normalised and scaled to each of {@link cardWidths} px with sharp, then
 * read by Debian's `tesseract` binary (languages chi_sim+eng, page segmentation 6 "a block of text")
 * and parsed by readIdCardText, until a valid number with a name in Chinese characters is read. No binary, no language data or a crash → `unavailable`; a picture
 * without a valid number → `refused`.
 */
export function createTesseractOcrProvider(
  options: { binary?: string; languages?: string; timeoutMs?: number } = {},
): OcrProvider {
  const binary = options.binary ?? 'tesseract';
  const languages = options.languages ?? 'chi_sim+eng';
  const timeoutMs = options.timeoutMs ?? 30_000;
  /** Tesseract's text of a prepared PNG, or the `unavailable` outcome when it cannot run. */
  const readText = async (prepared: Buffer): Promise<string | IdCardOutcome> => {
    const folder = await mkdtemp(join(tmpdir(), 'ocr-'));
    try {
      const input = join(folder, 'card.png');
      await writeFile(input, prepared);
      return await run(binary, [input, 'stdout', '-l', languages, '--psm', '6'], timeoutMs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return {
        status: 'unavailable',
        reason:
          code === 'ENOENT' ? `${binary} is not installed` : `${binary} failed: ${String(code ?? error)}`,
      };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
  return {
    name: 'tesseract',
    async recogniseIdCard(image): Promise<IdCardOutcome> {
      let best: IdCardReading | null = null;
      for (const width of cardWidths) {
        let prepared: Buffer;
        try {
          prepared = await sharp(image, { limitInputPixels: 40_000_000 })
            .rotate()
            .grayscale()
            .normalise()
            .resize({ width })
            .png()
            .toBuffer();
        } catch {
          return { status: 'refused' };
        }
        const read = await readText(prepared);
        if (typeof read !== 'string') return read;
        const card = readIdCardText(read);
        if (card && (!best || (hasChineseName(card.name) && !hasChineseName(best.name)))) best = card;
        if (best && hasChineseName(best.name)) break;
      }
      return best ? { status: 'recognised', card: best } : { status: 'refused' };
    },
  };
}
