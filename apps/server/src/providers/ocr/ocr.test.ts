import { parseIdNumber } from '@app/domain/contact';
import { describe, expect, it } from 'vitest';
import { idCardPng, passportPng, randomPicturePng, validIdNumber } from './ocr.fixtures.ts';
import { createUnavailableOcrProvider, type OcrProvider, readIdCardText, withRunCap } from './ocr.ts';
import { createTesseractOcrProvider } from './tesseract-ocr.ts';

/**
 * ID recognition with the local provider (§5 "ID recognition supports only mainland China ID cards
 * and Hong Kong/Macao/Taiwan residence permits"; DESIGN §8 ocr). The cards are drawn here from SVG in
 * Noto Sans CJK and read by the real Debian `tesseract` (installed by .ci/run): never skipped.
 */
describe('readIdCardText', () => {
  it('takes the first valid number and the name after 姓名', () => {
    const number = validIdNumber('11010519900307123');
    expect(
      readIdCardText(`姓名 李 四\n性别 女\n公民身份号码 ${number.slice(0, 6)} ${number.slice(6)}`),
    ).toEqual({
      kind: 'mainland',
      name: '李四',
      number,
    });
  });
  it('refuses a number with a wrong check digit', () => {
    const number = validIdNumber('11010519900307123');
    const wrong = number.slice(0, 17) + (number[17] === '1' ? '2' : '1');
    expect(readIdCardText(`姓名 李四\n公民身份号码 ${wrong}`)).toBeNull();
  });
  it('reads a Hong Kong residence permit number', () => {
    const number = validIdNumber('81000019900307123');
    expect(readIdCardText(`姓名\n陈大文\n公民身份号码 ${number}`)).toMatchObject({
      kind: 'hong_kong_permit',
      name: '陈大文',
    });
  });
});

describe('tesseract provider', () => {
  const ocr = createTesseractOcrProvider();

  it('recognises name and number of a mainland ID card', { timeout: 60_000 }, async () => {
    const number = validIdNumber('11010519900307123');
    expect(parseIdNumber(number)).not.toBeNull();
    const outcome = await ocr.recogniseIdCard(await idCardPng({ name: '张三', number }));
    expect(outcome).toEqual({ status: 'recognised', card: { kind: 'mainland', name: '张三', number } });
  });

  it('recognises a Taiwan residence permit', { timeout: 60_000 }, async () => {
    const number = validIdNumber('83000019851120456');
    const outcome = await ocr.recogniseIdCard(await idCardPng({ name: '王小明', number }));
    expect(outcome).toEqual({
      status: 'recognised',
      card: { kind: 'taiwan_permit', name: '王小明', number },
    });
  });

  it('refuses a passport, a random picture and bytes that are no image', { timeout: 60_000 }, async () => {
    expect(await ocr.recogniseIdCard(await passportPng())).toEqual({ status: 'refused' });
    expect(await ocr.recogniseIdCard(await randomPicturePng())).toEqual({ status: 'refused' });
    expect(await ocr.recogniseIdCard(Buffer.from('not an image'))).toEqual({ status: 'refused' });
  });

  it("is 'unavailable' when the binary is missing", async () => {
    const missing = createTesseractOcrProvider({ binary: 'tesseract-not-installed-here' });
    const outcome = await missing.recogniseIdCard(await randomPicturePng());
    expect(outcome).toMatchObject({ status: 'unavailable' });
    expect(await createUnavailableOcrProvider('off').recogniseIdCard(Buffer.alloc(0))).toMatchObject({
      status: 'unavailable',
    });
  });
});

describe('withRunCap (DESIGN §8 ocr: a process-wide cap on recognitions)', () => {
  /** A provider whose runs finish when the test says so, counting how many run at once. */
  function gatedProvider() {
    const gates: Array<() => void> = [];
    const state = { running: 0, peak: 0, started: 0 };
    const provider: OcrProvider = {
      name: 'gated',
      async recogniseIdCard() {
        state.running += 1;
        state.started += 1;
        state.peak = Math.max(state.peak, state.running);
        await new Promise<void>((resolve) => gates.push(resolve));
        state.running -= 1;
        return { status: 'refused' };
      },
    };
    const openNext = async () => {
      while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      gates.shift()?.();
    };
    return { provider, state, openNext };
  }

  it('runs 2 at once, queues the next ones in order, and answers busy when the queue is full', async () => {
    const { provider, state, openNext } = gatedProvider();
    const capped = withRunCap(provider, { running: 2, waiting: 2, waitMs: 5_000 });
    const runs = Array.from({ length: 4 }, () => capped.recogniseIdCard(Buffer.alloc(0)));
    expect(await capped.recogniseIdCard(Buffer.alloc(0))).toEqual({ status: 'busy' });
    for (let index = 0; index < 4; index += 1) await openNext();
    expect(await Promise.all(runs)).toEqual(Array(4).fill({ status: 'refused' }));
    expect(state).toMatchObject({ peak: 2, started: 4, running: 0 });
    // Every slot came back: two more run at once.
    const again = [capped.recogniseIdCard(Buffer.alloc(0)), capped.recogniseIdCard(Buffer.alloc(0))];
    await openNext();
    await openNext();
    expect(await Promise.all(again)).toEqual([{ status: 'refused' }, { status: 'refused' }]);
  });

  it('answers busy after waiting too long, without running', async () => {
    const { provider, state, openNext } = gatedProvider();
    const capped = withRunCap(provider, { running: 1, waiting: 4, waitMs: 20 });
    const first = capped.recogniseIdCard(Buffer.alloc(0));
    expect(await capped.recogniseIdCard(Buffer.alloc(0))).toEqual({ status: 'busy' });
    await openNext();
    expect(await first).toEqual({ status: 'refused' });
    expect(state.started).toBe(1);
  });
});
