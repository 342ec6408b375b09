import { createHash, randomInt } from 'node:crypto';

/**
 * The URL as the JS-SDK signs it: the page's full URL without its `#fragment` (WeChat's JS-SDK
 * appendix 1: "url must be the complete URL of the current page, without the part after #").
 */
export function urlForSignature(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/**
 * The JS-SDK `wx.config` signature (WeChat JS-SDK appendix 1): SHA-1 (hex, lower case) of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` — keys in ASCII order, values unescaped, the URL
 * without its fragment. `timestamp` in unix seconds.
 */
export function jssdkSignature(input: {
  jsapiTicket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const text = `jsapi_ticket=${input.jsapiTicket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${urlForSignature(input.url)}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/**
 * The card API signature (WeChat card JS-SDK, cardSign / cardExt.signature): the values (api_ticket,
 * timestamp, nonce_str, card_id, code, openid … — whichever the call uses, empty ones left out)
 * sorted as strings in ASCII order, concatenated, SHA-1 hex.
 */
export function cardSignature(values: readonly string[]): string {
  const sorted = values.filter((value) => value !== '').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha1').update(sorted.join(''), 'utf8').digest('hex');
}

/** A nonce for a signature: 16 random alphanumeric characters (node:crypto randomInt; WeChat allows ≤ 32). */
export function signatureNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let nonce = '';
  for (let index = 0; index < 16; index += 1) nonce += alphabet[randomInt(alphabet.length)];
  return nonce;
}
