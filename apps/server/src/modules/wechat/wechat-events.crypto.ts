import { randomBytes, timingSafeEqual } from 'node:crypto';
import { decrypt, encrypt, getSignature } from '@wecom/crypto';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * WeChat message push, the wire level (official accounts' "server configuration" and the third-party
 * platform's event URL; §7 GET /wechat/service/qrcodes needs the scan events): signatures, safe-mode
 * AES decryption (@wecom/crypto: WXBizMsgCrypt, the same algorithm as official accounts) and XML.
 *
 * - URL verification (GET): `signature = sha1(sort(token, timestamp, nonce).join(''))`, echo `echostr`.
 * - Plain mode (POST): the same `signature` over the query; the body is the message XML.
 * - Safe mode (POST, `encrypt_type=aes`): `msg_signature = sha1(sort(token, timestamp, nonce,
 *   Encrypt).join(''))`; `Encrypt` is AES-256-CBC of `random(16) ‖ length(4, BE) ‖ xml ‖ appid` under
 *   base64(EncodingAESKey + '='), IV its first 16 bytes, PKCS#7 padding to 32 bytes.
 * A push whose timestamp is more than 5 minutes from now is refused (replays).
 */

/** A push older (or newer) than this is refused as a replay, in seconds. */
export const pushMaxSkewSeconds = 5 * 60;
/** Largest push body accepted, in bytes (WeChat's are a few hundred bytes). */
export const pushBodyLimitBytes = 64 * 1024;

/** An answer to WeChat: status, content type and body. */
export type PushAnswer = { status: number; contentType: string; body: string };

/** A plain-text answer to WeChat ('success', or a short refusal for the log). */
export const plainAnswer = (status: number, body: string): PushAnswer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/** The current Unix time in seconds (push timestamps and replies). */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Why a push was refused; the route answers 401 and logs the reason, nothing is changed. */
export class PushRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PushRejected';
  }
}

/** What a receiver needs to check and open pushes for one AppID. */
export type PushKeys = {
  /** The message token (Token) set at WeChat. */
  token: string;
  /** The 43-character EncodingAESKey of safe mode; null: plain mode only. */
  aesKey: string | null;
  /** The AppID the decrypted message must name (the account's, or the platform's for component events). */
  appid: string;
};

/** The SHA-1 signature WeChat puts on a push: the given parts sorted as strings, joined, hex. */
export function pushSignature(token: string, timestamp: string, nonce: string, encrypted = ''): string {
  return getSignature(token, timestamp, nonce, encrypted);
}

/**
 * Constant-time comparison of two strings (false when lengths differ): push signatures here, the
 * sign-in secret hashes of the desktop QR login.
 */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Checks the timestamp of a push against `nowSeconds`.
 * @throws PushRejected when missing, not a number, or more than 5 minutes away
 */
function checkFresh(timestamp: string, nowSeconds: number): void {
  if (!/^\d{1,12}$/.test(timestamp)) throw new PushRejected('timestamp missing or malformed');
  if (Math.abs(nowSeconds - Number(timestamp)) > pushMaxSkewSeconds)
    throw new PushRejected('timestamp older or newer than 5 minutes (replay?)');
}

/**
 * GET URL verification: answers `echostr` when `signature` is right (and in safe mode the decrypted
 * echostr when WeChat sent it encrypted with `msg_signature`).
 * @throws PushRejected on a wrong signature or a stale timestamp
 */
export function verifyUrl(keys: PushKeys, query: Record<string, unknown>, nowSeconds: number): string {
  const timestamp = text(query.timestamp);
  const nonce = text(query.nonce);
  const echostr = text(query.echostr);
  checkFresh(timestamp, nowSeconds);
  if (!sameSignature(text(query.signature), pushSignature(keys.token, timestamp, nonce)))
    throw new PushRejected('wrong signature');
  return echostr;
}

const parser = new XMLParser({
  // Entities are never expanded (no DOCTYPE entity can grow the input or reach a file) and values
  // stay text: `CreateTime` and ids are compared as strings.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
});

/**
 * The `<xml>` element of a message as flat text fields (nested elements are dropped). Answers null
 * for anything that is not such XML.
 */
export function parseMessageXml(xml: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = parser.parse(xml);
  } catch {
    return null;
  }
  const root = (parsed as { xml?: unknown } | null)?.xml;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(root as Record<string, unknown>)) {
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/**
 * Opens a POST push: checks freshness and the signature, decrypts safe-mode bodies (and checks the
 * AppID inside), and answers the message fields, whether the reply must be encrypted, and the
 * signature that was checked (for the replay record). An account with an EncodingAESKey accepts safe
 * mode only: a plain push's signature covers no body, and WeChat also sends it in the query of safe
 * pushes and URL checks, where logs may keep it.
 * @throws PushRejected for a stale timestamp, a wrong signature, a plain push to a safe-mode account,
 *   an undecryptable body, another AppID, or a body that is not a message XML
 */
export function openPush(
  keys: PushKeys,
  query: Record<string, unknown>,
  body: string,
  nowSeconds: number,
): { message: Record<string, string>; isEncrypted: boolean; signature: string } {
  const timestamp = text(query.timestamp);
  const nonce = text(query.nonce);
  checkFresh(timestamp, nowSeconds);
  if (text(query.encrypt_type) === 'aes') {
    if (!keys.aesKey) throw new PushRejected('encrypted push without an EncodingAESKey configured');
    const envelope = parseMessageXml(body);
    const encrypted = envelope?.Encrypt ?? '';
    if (encrypted === '') throw new PushRejected('encrypted push without Encrypt');
    const expected = pushSignature(keys.token, timestamp, nonce, encrypted);
    if (!sameSignature(text(query.msg_signature), expected)) throw new PushRejected('wrong msg_signature');
    let opened: { message: string; id: string };
    try {
      opened = decrypt(keys.aesKey, encrypted);
    } catch {
      throw new PushRejected('Encrypt does not decrypt');
    }
    if (opened.id !== keys.appid) throw new PushRejected('encrypted for another AppID');
    const message = parseMessageXml(opened.message);
    if (!message) throw new PushRejected('decrypted body is not a message XML');
    return { message, isEncrypted: true, signature: text(query.msg_signature) };
  }
  if (keys.aesKey) throw new PushRejected('plain push to an account in safe mode');
  if (!sameSignature(text(query.signature), pushSignature(keys.token, timestamp, nonce)))
    throw new PushRejected('wrong signature');
  const message = parseMessageXml(body);
  if (!message) throw new PushRejected('body is not a message XML');
  return { message, isEncrypted: false, signature: text(query.signature) };
}

const builder = new XMLBuilder({ cdataPropName: '__cdata' });

/** A passive text reply to the sender of `message` (XML, CDATA-escaped). */
export function textReplyXml(message: Record<string, string>, content: string, nowSeconds: number): string {
  return builder.build({
    xml: {
      ToUserName: { __cdata: message.FromUserName ?? '' },
      FromUserName: { __cdata: message.ToUserName ?? '' },
      CreateTime: nowSeconds,
      MsgType: { __cdata: 'text' },
      Content: { __cdata: content },
    },
  }) as string;
}

/**
 * The safe-mode envelope of a reply: `Encrypt` (AES as above, this AppID appended), `MsgSignature`,
 * `TimeStamp`, `Nonce`.
 */
export function encryptReply(keys: PushKeys & { aesKey: string }, xml: string, nowSeconds: number): string {
  const encrypted = encrypt(keys.aesKey, xml, keys.appid);
  const nonce = randomBytes(8).toString('hex');
  const timestamp = String(nowSeconds);
  return builder.build({
    xml: {
      Encrypt: { __cdata: encrypted },
      MsgSignature: { __cdata: pushSignature(keys.token, timestamp, nonce, encrypted) },
      TimeStamp: timestamp,
      Nonce: { __cdata: nonce },
    },
  }) as string;
}

/**
 * What WeChat sends (for tests and the fakes): a push's query and body for `xml`, plain or in safe
 * mode, signed with `keys`.
 */
export function buildPush(
  keys: PushKeys,
  xml: string,
  options: { isEncrypted: boolean; timestamp: number; nonce?: string },
): { query: Record<string, string>; body: string } {
  const timestamp = String(options.timestamp);
  const nonce = options.nonce ?? randomBytes(6).toString('hex');
  const signature = pushSignature(keys.token, timestamp, nonce);
  if (!options.isEncrypted) return { query: { signature, timestamp, nonce }, body: xml };
  if (!keys.aesKey) throw new Error('safe mode needs an EncodingAESKey');
  const encrypted = encrypt(keys.aesKey, xml, keys.appid);
  return {
    query: {
      signature,
      timestamp,
      nonce,
      encrypt_type: 'aes',
      msg_signature: pushSignature(keys.token, timestamp, nonce, encrypted),
    },
    body: builder.build({
      xml: { ToUserName: { __cdata: 'gh_fake' }, Encrypt: { __cdata: encrypted } },
    }) as string,
  };
}

/** An event message as WeChat pushes it (SCAN, subscribe, …), for tests and the fakes. */
export function eventXml(input: {
  toUserName: string;
  fromUserName: string;
  event: string;
  eventKey?: string;
  createTime: number;
}): string {
  return builder.build({
    xml: {
      ToUserName: { __cdata: input.toUserName },
      FromUserName: { __cdata: input.fromUserName },
      CreateTime: input.createTime,
      MsgType: { __cdata: 'event' },
      Event: { __cdata: input.event },
      ...(input.eventKey === undefined ? {} : { EventKey: { __cdata: input.eventKey } }),
      Ticket: { __cdata: 'gQfake' },
    },
  }) as string;
}
