import { parseIdNumber } from '@app/domain/contact';
import { tc3Authorization } from '../moderation/tencent-moderation.ts';
import type { IdCardOutcome, OcrProvider } from './ocr.ts';

type IdCardAnswer = {
  Response?: {
    Name?: string;
    IdNum?: string;
    RequestId?: string;
    Error?: { Code?: string; Message?: string };
  };
};

/**
 * Tencent Cloud IDCardOCR adapter (API 2018-11-19, service `ocr`, front side), signed with
 * TC3-HMAC-SHA256 (no SDK: one signed fetch). An answer whose IdNum parseIdNumber accepts →
 * `recognised`; a FailedOperation.* error (not an ID card, no card found, unreadable) or a number
 * that fails the check → `refused` (§5); a network error, timeout, HTTP error or any other error
 * code (auth, quota) → `unavailable`, so the person types the number in.
 */
export function createTencentOcrProvider(options: {
  endpoint: string;
  secretId: string;
  secretKey: string;
  region: string;
  timeoutMs?: number;
  now?: () => number;
}): OcrProvider {
  const url = new URL(options.endpoint);
  return {
    name: 'tencent',
    async recogniseIdCard(image): Promise<IdCardOutcome> {
      const payload = JSON.stringify({ ImageBase64: image.toString('base64'), CardSide: 'FRONT' });
      const timestamp = Math.floor((options.now?.() ?? Date.now()) / 1000);
      let answer: IdCardAnswer;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            authorization: tc3Authorization({
              secretId: options.secretId,
              secretKey: options.secretKey,
              service: 'ocr',
              host: url.host,
              timestamp,
              payload,
            }),
            'x-tc-action': 'IDCardOCR',
            'x-tc-version': '2018-11-19',
            'x-tc-timestamp': String(timestamp),
            'x-tc-region': options.region,
          },
          body: payload,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!response.ok)
          return { status: 'unavailable', reason: `IDCardOCR answered HTTP ${response.status}` };
        answer = (await response.json()) as IdCardAnswer;
      } catch (error) {
        return { status: 'unavailable', reason: `IDCardOCR unreachable: ${(error as Error).message}` };
      }
      const result = answer.Response;
      if (!result) return { status: 'unavailable', reason: 'IDCardOCR: no Response' };
      if (result.Error) {
        return result.Error.Code?.startsWith('FailedOperation.')
          ? { status: 'refused' }
          : { status: 'unavailable', reason: `IDCardOCR refused: ${result.Error.Code ?? '?'}` };
      }
      const parsed = parseIdNumber(result.IdNum ?? '');
      if (!parsed) return { status: 'refused' };
      return {
        status: 'recognised',
        card: { kind: parsed.kind, name: (result.Name ?? '').trim(), number: parsed.normalised },
      };
    },
  };
}
