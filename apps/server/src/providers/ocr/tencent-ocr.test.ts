import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTencentOcr, startFakeTencentOcr } from '../../../test/fake-tencent-ocr.ts';
import { createOcrProvider } from './create-ocr-provider.ts';
import { validIdNumber } from './ocr.fixtures.ts';
import { createTencentOcrProvider } from './tencent-ocr.ts';

/**
 * The Tencent Cloud IDCardOCR adapter (DESIGN §8 ocr, §5) against a local fake that checks the
 * TC3-HMAC-SHA256 signature and answers in the recorded shape of the real API.
 */
let fake: FakeTencentOcr;
const secrets = { secretId: 'AKIDfake0001', secretKey: 'fake-secret-key-0001' };

beforeAll(async () => {
  fake = await startFakeTencentOcr(secrets);
});
afterAll(() => fake.close());

const provider = (secretKey = secrets.secretKey) =>
  createTencentOcrProvider({
    endpoint: fake.url,
    secretId: secrets.secretId,
    secretKey,
    region: 'ap-guangzhou',
  });

describe('Tencent IDCardOCR adapter', () => {
  it('recognises a card: signed request, name and number from the answer', async () => {
    const number = validIdNumber('44030419880812345');
    const outcome = await provider().recogniseIdCard(Buffer.from(`card:${number}:李雷`));
    expect(outcome).toEqual({ status: 'recognised', card: { kind: 'mainland', name: '李雷', number } });
    expect(fake.images.at(-1)?.toString()).toBe(`card:${number}:李雷`);
  });

  it('refuses other documents and numbers failing the check (§5)', async () => {
    expect(await provider().recogniseIdCard(Buffer.from('passport'))).toEqual({ status: 'refused' });
    expect(await provider().recogniseIdCard(Buffer.from('a cat'))).toEqual({ status: 'refused' });
    const number = validIdNumber('44030419880812345');
    const wrong = number.slice(0, 17) + (number[17] === '0' ? '1' : '0');
    expect(await provider().recogniseIdCard(Buffer.from(`card:${wrong}:李雷`))).toEqual({
      status: 'refused',
    });
  });

  it("is 'unavailable' on a bad signature, an HTTP error or no server", async () => {
    expect(await provider('wrong-key').recogniseIdCard(Buffer.from('passport'))).toMatchObject({
      status: 'unavailable',
    });
    expect(await provider().recogniseIdCard(Buffer.from('http500'))).toMatchObject({ status: 'unavailable' });
    const nowhere = createTencentOcrProvider({
      ...secrets,
      endpoint: 'http://127.0.0.1:9',
      region: 'ap-guangzhou',
    });
    expect(await nowhere.recogniseIdCard(Buffer.from('x'))).toMatchObject({ status: 'unavailable' });
  });

  it('is chosen by OCR_PROVIDER=tencent', () => {
    const chosen = createOcrProvider({
      OCR_PROVIDER: 'tencent',
      OCR_TENCENT_SECRET_ID: secrets.secretId,
      OCR_TENCENT_SECRET_KEY: secrets.secretKey,
      OCR_TENCENT_REGION: 'ap-guangzhou',
      OCR_TENCENT_ENDPOINT: fake.url,
    });
    expect(chosen.name).toBe('tencent');
    expect(
      createOcrProvider({ OCR_PROVIDER: 'local', OCR_TENCENT_REGION: '', OCR_TENCENT_ENDPOINT: '' }).name,
    ).toBe('tesseract');
  });
});
