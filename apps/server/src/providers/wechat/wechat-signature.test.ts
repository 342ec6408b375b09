import { describe, expect, it } from 'vitest';
import { cardSignature, jssdkSignature, signatureNonce, urlForSignature } from './jssdk-signature.ts';
import { createTicketCache, type StoredTicket, type TicketStore, ticketLifeSeconds } from './ticket-cache.ts';
import { insideLock, lockedCallTimeoutMs } from './wechat-http.ts';

describe('JS-SDK signature (WeChat JS-SDK appendix 1)', () => {
  it("answers WeChat's documented example", () => {
    expect(
      jssdkSignature({
        jsapiTicket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its fragment', () => {
    const input = { jsapiTicket: 't', nonceStr: 'n', timestamp: 1, url: 'https://a.example/p?x=1' };
    expect(jssdkSignature({ ...input, url: 'https://a.example/p?x=1#/news/7' })).toBe(jssdkSignature(input));
    expect(urlForSignature('https://a.example/#/x#y')).toBe('https://a.example/');
  });

  it('card signature sorts the values and leaves empty ones out', () => {
    // sha1('123abcxyz')
    expect(cardSignature(['xyz', '123', '', 'abc'])).toBe(cardSignature(['abc', 'xyz', '123']));
    expect(cardSignature(['b', 'a'])).toBe('da23614e02469a0d7c7bd1bdab5c9c474b1904dc');
  });

  it('nonces are 16 alphanumeric characters and differ', () => {
    const nonces = new Set(Array.from({ length: 200 }, signatureNonce));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});

describe('ticket life (§9 cached 15 minutes)', () => {
  it('tickets: 5 minutes short of WeChat, at most 15 minutes', () => {
    expect(ticketLifeSeconds('jsapi', 7200)).toBe(900);
    expect(ticketLifeSeconds('wx_card', 1000)).toBe(700);
    expect(ticketLifeSeconds('jsapi', 200)).toBe(1);
  });
  it('access tokens: 5 minutes short of WeChat, at most 2 hours', () => {
    expect(ticketLifeSeconds('access_token', 7200)).toBe(6900);
    expect(ticketLifeSeconds('mini_access_token', 9000)).toBe(7200);
    // Scoped kinds (keyed by the secret's hash) keep their base kind's life.
    expect(ticketLifeSeconds('jsapi:0123456789abcdef', 7200)).toBe(900);
    // A WeChat call made under a row lock has 4 s at most (a shorter budget is kept).
    expect(insideLock({ apiBase: 'https://x' }).timeoutMs).toBe(lockedCallTimeoutMs);
    expect(insideLock({ apiBase: 'https://x', timeoutMs: 1500 }).timeoutMs).toBe(1500);
    expect(ticketLifeSeconds('component_verify_ticket', 43_200)).toBe(43_200);
  });
});

describe('ticket cache over a store', () => {
  const key = Buffer.alloc(32, 7);
  const memoryStore = () => {
    const rows = new Map<string, StoredTicket>();
    const store: TicketStore = {
      read: async (appid, kind) => rows.get(`${appid}:${kind}`) ?? null,
      withLock: async (appid, kind, work) => {
        const { store: next, result } = await work(rows.get(`${appid}:${kind}`) ?? null);
        if (next) rows.set(`${appid}:${kind}`, next);
        return result;
      },
      drop: async (appid, kind) => {
        rows.delete(`${appid}:${kind}`);
      },
    };
    return { rows, store };
  };

  it('fetches once, seals the value, refetches within 60 s of expiry', async () => {
    let clock = 1_000_000;
    const { rows, store } = memoryStore();
    const cache = createTicketCache(store, key, () => clock);
    let fetches = 0;
    const fetchValue = async () => ({ value: `ticket-${++fetches}`, expiresIn: 7200 });
    expect(await cache.get('wx1', 'jsapi', fetchValue)).toBe('ticket-1');
    expect(await cache.get('wx1', 'jsapi', fetchValue)).toBe('ticket-1');
    expect(rows.get('wx1:jsapi')?.valueSealed).not.toContain('ticket');
    clock += 839_000; // 61 s left of 900 s
    expect(await cache.peek('wx1', 'jsapi')).toBe('ticket-1');
    clock += 2_000; // 59 s left
    expect(await cache.peek('wx1', 'jsapi')).toBeNull();
    expect(await cache.get('wx1', 'jsapi', fetchValue)).toBe('ticket-2');
    expect(fetches).toBe(2);
  });

  it('stores nothing when the fetch fails; a value sealed under another key is refetched', async () => {
    const { rows, store } = memoryStore();
    const cache = createTicketCache(store, key);
    await expect(
      cache.get('wx1', 'jsapi', async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(rows.size).toBe(0);
    await cache.get('wx1', 'jsapi', async () => ({ value: 'old', expiresIn: 7200 }));
    const other = createTicketCache(store, Buffer.alloc(32, 9));
    expect(await other.peek('wx1', 'jsapi')).toBeNull();
    expect(await other.get('wx1', 'jsapi', async () => ({ value: 'new', expiresIn: 7200 }))).toBe('new');
  });
});
