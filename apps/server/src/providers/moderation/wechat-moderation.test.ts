import { describe, expect, it } from 'vitest';
import { WechatProviderError } from '../wechat/wechat.ts';
import type { ModerationProvider } from './moderation.ts';
import { ModerationProviderError } from './moderation.ts';
import { categoryOfWechatLabel, createWechatModerationProvider } from './wechat-moderation.ts';

describe('WeChat msg_sec_check moderation (§5, §7 POST /wechat/securities)', () => {
  const fallback: ModerationProvider = { name: 'local', checkText: async () => ({ verdict: 'allow' }) };
  const answering = (suggest: 'pass' | 'review' | 'risky', label: number) => {
    const seen: unknown[] = [];
    return {
      seen,
      mini: {
        checkText: async (input: unknown) => {
          seen.push(input);
          return { suggest, label };
        },
      },
    };
  };

  it('maps pass / review / risky with the label’s §5 category', async () => {
    const pass = answering('pass', 100);
    expect(
      await createWechatModerationProvider({ mini: pass.mini, openid: 'o1', scene: 3, fallback }).checkText(
        'hi',
      ),
    ).toEqual({ verdict: 'allow' });
    expect(pass.seen).toEqual([{ openid: 'o1', content: 'hi', scene: 3 }]);
    const review = answering('review', 21000);
    expect(
      await createWechatModerationProvider({ mini: review.mini, openid: 'o1', fallback }).checkText('x'),
    ).toEqual({
      verdict: 'review',
      labels: ['wechat:21000'],
    });
    const risky = answering('risky', 20002);
    expect(
      await createWechatModerationProvider({ mini: risky.mini, openid: 'o1', fallback }).checkText('x'),
    ).toEqual({
      verdict: 'reject',
      category: 'porn',
      labels: ['wechat:20002'],
    });
    expect(categoryOfWechatLabel(10001)).toBe('ad');
    expect(categoryOfWechatLabel(99999)).toBe('harmful');
  });

  it('uses the fallback without an openid and reports WeChat failures as provider errors', async () => {
    const risky = answering('risky', 20001);
    const local: ModerationProvider = { name: 'local', checkText: async () => ({ verdict: 'review' }) };
    expect(
      await createWechatModerationProvider({ mini: risky.mini, openid: null, fallback: local }).checkText(
        'x',
      ),
    ).toEqual({ verdict: 'review' });
    expect(risky.seen).toEqual([]);
    const failing = createWechatModerationProvider({
      mini: {
        checkText: async () => {
          throw new WechatProviderError('WeChat /wxa/msg_sec_check answered HTTP 500');
        },
      },
      openid: 'o1',
      fallback,
    });
    await expect(failing.checkText('x')).rejects.toBeInstanceOf(ModerationProviderError);
  });
});
