import { type IdNumberKind, parseIdNumber } from '@app/domain/contact';

/** What a provider read from a card: kind (from the number), name and the normalised number. */
export type IdCardReading = { kind: IdNumberKind; name: string; number: string };

/**
 * The outcome of one recognition (DESIGN §8 ocr; §5 "ID recognition supports only mainland China ID
 * cards and Hong Kong/Macao/Taiwan residence permits"):
 * - `recognised`: a valid 18-character number (check digit verified) and, when found, the name;
 * - `refused`: no such card in the picture (a passport, a random photo, an unreadable card);
 * - `unavailable`: this server cannot recognise (no tesseract, cloud answer missing): type it in;
 * - `busy`: every recognition slot of this process stayed taken while we waited (withRunCap).
 */
export type IdCardOutcome =
  | { status: 'recognised'; card: IdCardReading }
  | { status: 'refused' }
  | { status: 'unavailable'; reason: string }
  | { status: 'busy' };

/** An ID-card recogniser (local Tesseract or a cloud OCR). Never throws: failures are `unavailable`. */
export interface OcrProvider {
  readonly name: string;
  /** Recognises the front of an ID card or residence permit in `image` (JPEG/PNG bytes). */
  recogniseIdCard(image: Buffer): Promise<IdCardOutcome>;
}

/** Text of the name field: letters (CJK or Latin) and the middle dot, spaces removed. */
function cleanName(text: string): string {
  return text
    .replace(/[^\p{Script=Han}\p{L}·•]/gu, '')
    .replace(/•/g, '·')
    .slice(0, 60);
}

/**
 * Reads a card's printed text (an OCR's lines): the first 17 digits + check character sequence
 * that parseIdNumber accepts (spaces and OCR's O/o for 0 tolerated inside the run), and the name
 * after 姓名 on its line (or the next non-empty line). Null when no valid number is found.
 */
export function readIdCardText(text: string): IdCardReading | null {
  const lines = text.normalize('NFKC').split(/\r?\n/);
  let found: ReturnType<typeof parseIdNumber> = null;
  for (const line of lines) {
    const compact = line.replace(/\s+/g, '');
    for (const match of compact.matchAll(/[0-9Oo]{17}[0-9Xx]/g)) {
      const parsed = parseIdNumber(match[0].replace(/[Oo]/g, '0'));
      if (parsed) {
        found = parsed;
        break;
      }
    }
    if (found) break;
  }
  if (!found) return null;
  let name = '';
  for (let index = 0; index < lines.length && !name; index += 1) {
    const line = (lines[index] as string).replace(/\s+/g, '');
    const at = line.indexOf('姓名');
    if (at < 0) continue;
    name = cleanName(line.slice(at + 2));
    if (!name) name = cleanName((lines.slice(index + 1).find((next) => next.trim() !== '') ?? '').trim());
  }
  return { kind: found.kind, name, number: found.normalised };
}

/** A provider that never recognises: the client asks the person to type the number in. */
export function createUnavailableOcrProvider(reason: string): OcrProvider {
  return {
    name: 'none',
    async recogniseIdCard() {
      return { status: 'unavailable', reason };
    },
  };
}

/** Recognitions one process runs at once, how many may wait, and for how long (milliseconds). */
export type OcrRunCap = { running: number; waiting: number; waitMs: number };

/** Two runs at once (each Tesseract run takes a core for up to 30 s), 8 waiting up to 10 s. */
export const defaultOcrRunCap: OcrRunCap = { running: 2, waiting: 8, waitMs: 10_000 };

/**
 * `provider` behind a process-wide cap (DESIGN §8 ocr): at most `cap.running` recognitions at once;
 * further ones wait in order, at most `cap.waiting` of them and each at most `cap.waitMs`; one that
 * finds the queue full or waits too long answers `busy` without running.
 */
export function withRunCap(provider: OcrProvider, cap: OcrRunCap = defaultOcrRunCap): OcrProvider {
  let running = 0;
  const queue: Array<() => void> = [];
  const acquire = (): Promise<boolean> => {
    if (running < cap.running) {
      running += 1;
      return Promise.resolve(true);
    }
    if (queue.length >= cap.waiting) return Promise.resolve(false);
    return new Promise((resolve) => {
      // The slot passes straight from the releaser to `grant`: `running` is not decremented between.
      const grant = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(grant), 1);
        resolve(false);
      }, cap.waitMs);
      timer.unref?.();
      queue.push(grant);
    });
  };
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    name: provider.name,
    async recogniseIdCard(image) {
      if (!(await acquire())) return { status: 'busy' };
      try {
        return await provider.recogniseIdCard(image);
      } finally {
        release();
      }
    },
  };
}
