import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildPush,
  encryptReply,
  eventXml,
  openPush,
  PushRejected,
  parseMessageXml,
  pushSignature,
  textReplyXml,
  verifyUrl,
} from './wechat-events.crypto.ts';

// WeChat's documented sample keys of the message encryption guide.
const keys = {
  token: 'pamtest',
  aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  appid: 'wxb11529c136998cb6',
};
const now = 1_409_304_348;
const scan = eventXml({
  toUserName: 'gh_test',
  fromUserName: 'oOPENID',
  event: 'SCAN',
  eventKey: 'login_0123456789abcdef0123456789abcdef',
  createTime: now,
});

describe('push signature (sha1 over the sorted token, timestamp, nonce)', () => {
  it('is the SHA-1 of the lexicographically sorted parts joined', () => {
    const expected = createHash('sha1')
      .update(['1409304348', 'pamtest', 'xxxxxx'].sort().join(''))
      .digest('hex');
    expect(pushSignature('pamtest', '1409304348', 'xxxxxx')).toBe(expected);
  });

  it('verifies a URL check and echoes echostr; refuses a forged or stale one', () => {
    const query = {
      timestamp: String(now),
      nonce: 'n1',
      echostr: 'hello123',
      signature: pushSignature(keys.token, String(now), 'n1'),
    };
    expect(verifyUrl(keys, query, now)).toBe('hello123');
    expect(() => verifyUrl(keys, { ...query, signature: '0'.repeat(40) }, now)).toThrow(PushRejected);
    expect(() => verifyUrl(keys, query, now + 301)).toThrow(/5 minutes/);
    expect(() => verifyUrl(keys, { ...query, timestamp: 'x' }, now)).toThrow(PushRejected);
  });
});

const plainKeys = { ...keys, aesKey: null };

describe('openPush', () => {
  it('opens a plain push of an account without an EncodingAESKey, and refuses it for one with', () => {
    const push = buildPush(plainKeys, scan, { isEncrypted: false, timestamp: now });
    expect(() => openPush(keys, push.query, push.body, now)).toThrow(/safe mode/);
    const opened = openPush(plainKeys, push.query, push.body, now);
    expect(opened.isEncrypted).toBe(false);
    expect(opened.signature).toBe(push.query.signature);
    expect(opened.message).toMatchObject({
      MsgType: 'event',
      Event: 'SCAN',
      FromUserName: 'oOPENID',
      EventKey: 'login_0123456789abcdef0123456789abcdef',
    });
  });

  it('decrypts a safe-mode push and checks msg_signature and the AppID inside', () => {
    const push = buildPush(keys, scan, { isEncrypted: true, timestamp: now });
    expect(push.body).not.toContain('oOPENID');
    const opened = openPush(keys, push.query, push.body, now);
    expect(opened.isEncrypted).toBe(true);
    expect(opened.message.Event).toBe('SCAN');
    expect(() => openPush({ ...keys, appid: 'wxother' }, push.query, push.body, now)).toThrow(
      /another AppID/,
    );
    expect(() => openPush(keys, { ...push.query, msg_signature: 'f'.repeat(40) }, push.body, now)).toThrow(
      /msg_signature/,
    );
    expect(() => openPush({ ...keys, aesKey: null }, push.query, push.body, now)).toThrow(PushRejected);
  });

  it('refuses a forged signature, a replay older than 5 minutes and garbage', () => {
    const push = buildPush(plainKeys, scan, { isEncrypted: false, timestamp: now });
    expect(() => openPush({ ...plainKeys, token: 'other' }, push.query, push.body, now)).toThrow(/signature/);
    expect(() => openPush(plainKeys, push.query, push.body, now + 301)).toThrow(/replay/);
    const garbage = buildPush(plainKeys, 'not xml <<<', { isEncrypted: false, timestamp: now });
    expect(() => openPush(plainKeys, garbage.query, garbage.body, now)).toThrow(PushRejected);
    const badCipher = { ...push.query, encrypt_type: 'aes' };
    const body = '<xml><Encrypt><![CDATA[AAAA]]></Encrypt></xml>';
    const signed = {
      ...badCipher,
      msg_signature: pushSignature(keys.token, String(now), push.query.nonce ?? '', 'AAAA'),
    };
    expect(() => openPush(keys, signed, body, now)).toThrow(/decrypt/);
  });
});

describe('XML', () => {
  it('never expands entities', () => {
    const xml =
      '<!DOCTYPE x [<!ENTITY a "AAAAAAAAAA"><!ENTITY b "&a;&a;&a;&a;">]><xml><EventKey>&b;</EventKey></xml>';
    expect(parseMessageXml(xml)).toEqual({ EventKey: '&b;' });
  });

  it('answers null for what is not a message', () => {
    expect(parseMessageXml('')).toBeNull();
    expect(parseMessageXml('<other/>')).toBeNull();
  });

  it('builds a text reply to the sender and its safe-mode envelope', () => {
    const reply = textReplyXml({ FromUserName: 'oOPENID', ToUserName: 'gh_test' }, 'Hi ]]> there', now);
    expect(parseMessageXml(reply)).toMatchObject({
      ToUserName: 'oOPENID',
      FromUserName: 'gh_test',
      MsgType: 'text',
      Content: 'Hi ]]> there',
    });
    const envelope = parseMessageXml(encryptReply(keys, reply, now));
    expect(envelope?.Encrypt).toBeTruthy();
    const opened = openPush(
      keys,
      {
        timestamp: envelope?.TimeStamp,
        nonce: envelope?.Nonce,
        encrypt_type: 'aes',
        msg_signature: envelope?.MsgSignature,
      },
      `<xml><Encrypt><![CDATA[${envelope?.Encrypt}]]></Encrypt></xml>`,
      now,
    );
    expect(opened.message.Content).toBe('Hi ]]> there');
  });
});
