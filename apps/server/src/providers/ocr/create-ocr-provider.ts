import type { Config } from '../../config.ts';
import { type OcrProvider, withRunCap } from './ocr.ts';
import { createTencentOcrProvider } from './tencent-ocr.ts';
import { createTesseractOcrProvider } from './tesseract-ocr.ts';

/**
 * The configured ID-card recogniser (DESIGN §8 ocr): OCR_PROVIDER 'local' (default: the `tesseract`
 * binary when installed, `unavailable` otherwise) or 'tencent' (Tencent Cloud IDCardOCR with
 * OCR_TENCENT_SECRET_ID / _KEY / _REGION / _ENDPOINT), behind the process-wide cap of
 * {@link withRunCap} (2 at once, 8 waiting up to 10 s, then `busy`).
 */
export function createOcrProvider(
  config: Pick<
    Config,
    | 'OCR_PROVIDER'
    | 'OCR_TENCENT_SECRET_ID'
    | 'OCR_TENCENT_SECRET_KEY'
    | 'OCR_TENCENT_REGION'
    | 'OCR_TENCENT_ENDPOINT'
  >,
): OcrProvider {
  if (config.OCR_PROVIDER === 'tencent') {
    return withRunCap(
      createTencentOcrProvider({
        endpoint: config.OCR_TENCENT_ENDPOINT,
        secretId: config.OCR_TENCENT_SECRET_ID ?? '',
        secretKey: config.OCR_TENCENT_SECRET_KEY ?? '',
        region: config.OCR_TENCENT_REGION,
      }),
    );
  }
  return withRunCap(createTesseractOcrProvider());
}
