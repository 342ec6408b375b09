import { createHash, createHmac } from 'node:crypto';
import {
  type ModerationCategory,
  type ModerationProvider,
  ModerationProviderError,
  type ModerationVerdict,
} from './moderation.ts';

/** Tencent Cloud TMS labels → the §5 categories (anything else flagged: 'harmful'). */
const tmsLabels: Record<string, ModerationCategory> = {
  Porn: 'porn',
  Sexy: 'porn',
  Moan: 'porn',
  Abuse: 'abuse',
  Ad: 'ad',
  Illegal: 'contraband',
  Polity: 'politics',
  Terror: 'terrorism',
  Spam: 'spam',
  Meaningless: 'meaningless',
  Flood: 'flood',
};

/** The §5 category of a TMS label. */
export function categoryOfTmsLabel(label: string): ModerationCategory {
  return tmsLabels[label] ?? 'harmful';
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256) of a JSON POST to '/': the Authorization header
 * value for `payload` sent to `host` at `timestamp` (unix seconds) for `service`.
 */
export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  timestamp: number;
  payload: string;
}): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:application/json; charset=utf-8\nhost:${input.host}\n`,
    'content-type;host',
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

type TmsAnswer = {
  Response?: {
    Suggestion?: string;
    Label?: string;
    SubLabel?: string;
    Keywords?: string[];
    RequestId?: string;
    Error?: { Code?: string; Message?: string };
  };
};

/**
 * Tencent Cloud TMS (Text Moderation System) adapter, API 2020-12-29 action TextModeration, signed
 * with TC3-HMAC-SHA256 (no SDK: one signed fetch). Suggestion Pass → allow, Review → review, Block →
 * reject with the label's §5 category. A network error, a timeout, a non-2xx status or an Error in
 * the answer throws ModerationProviderError (the caller turns it into 'review').
 */
export function createTencentModerationProvider(options: {
  endpoint: string;
  secretId: string;
  secretKey: string;
  region: string;
  bizType?: string | undefined;
  timeoutMs: number;
  now?: () => number;
}): ModerationProvider {
  const url = new URL(options.endpoint);
  return {
    name: 'tencent',
    async checkText(text): Promise<ModerationVerdict> {
      const payload = JSON.stringify({
        Content: Buffer.from(text, 'utf8').toString('base64'),
        ...(options.bizType ? { BizType: options.bizType } : {}),
      });
      const timestamp = Math.floor((options.now?.() ?? Date.now()) / 1000);
      let answer: TmsAnswer;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            authorization: tc3Authorization({
              secretId: options.secretId,
              secretKey: options.secretKey,
              service: 'tms',
              host: url.host,
              timestamp,
              payload,
            }),
            'x-tc-action': 'TextModeration',
            'x-tc-version': '2020-12-29',
            'x-tc-timestamp': String(timestamp),
            'x-tc-region': options.region,
          },
          body: payload,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) throw new ModerationProviderError(`TMS answered HTTP ${response.status}`);
        answer = (await response.json()) as TmsAnswer;
      } catch (error) {
        if (error instanceof ModerationProviderError) throw error;
        throw new ModerationProviderError(`TMS unreachable: ${(error as Error).message}`);
      }
      const result = answer.Response;
      if (!result || result.Error) {
        throw new ModerationProviderError(`TMS refused: ${result?.Error?.Code ?? 'no Response'}`, {
          code: result?.Error?.Code,
          requestId: result?.RequestId,
        });
      }
      const labels = [result.Label, result.SubLabel, ...(result.Keywords ?? [])].filter(
        (label): label is string => Boolean(label),
      );
      if (result.Suggestion === 'Block') {
        return { verdict: 'reject', category: categoryOfTmsLabel(result.Label ?? ''), labels };
      }
      if (result.Suggestion === 'Review') {
        return { verdict: 'review', category: categoryOfTmsLabel(result.Label ?? ''), labels };
      }
      return { verdict: 'allow', labels };
    },
  };
}
