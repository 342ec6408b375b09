import type { WechatMiniApi } from '../wechat/wechat.ts';
import type { ModerationCategory, ModerationProvider } from './moderation.ts';
import { ModerationProviderError } from './moderation.ts';

/** msg_sec_check labels (WeChat mini-program content security) → the §5 categories. */
const wechatLabels: Record<number, ModerationCategory> = {
  10001: 'ad',
  20001: 'politics',
  20002: 'porn',
  20003: 'abuse',
  20006: 'contraband',
  20008: 'spam',
  20012: 'porn',
  20013: 'harmful',
  21000: 'harmful',
};

/** The §5 category of a msg_sec_check label (anything unknown: 'harmful'). */
export function categoryOfWechatLabel(label: number): ModerationCategory {
  return wechatLabels[label] ?? 'harmful';
}

/**
 * A moderation provider for one writer through WeChat's wxa/msg_sec_check (version 2), which needs
 * the writer's openid of the mini-program (MODERATION_PROVIDER=wechat, §7 POST /wechat/securities):
 * pass → allow, review → review, risky → reject with the label's §5 category. Without an openid it
 * answers with `fallback` (the local word lists). Errors are ModerationProviderError (the caller turns
 * them into 'review').
 */
export function createWechatModerationProvider(input: {
  mini: Pick<WechatMiniApi, 'checkText'>;
  openid: string | null;
  /** 1 profile, 2 comment, 3 forum post, 4 social log. */
  scene?: 1 | 2 | 3 | 4;
  fallback: ModerationProvider;
}): ModerationProvider {
  return {
    name: 'wechat',
    checkText: async (text, options) => {
      if (!input.openid) return input.fallback.checkText(text, options);
      let answer: { suggest: 'pass' | 'review' | 'risky'; label: number };
      try {
        answer = await input.mini.checkText({ openid: input.openid, content: text, scene: input.scene ?? 2 });
      } catch (error) {
        throw new ModerationProviderError(error instanceof Error ? error.message : 'msg_sec_check failed');
      }
      if (answer.suggest === 'pass') return { verdict: 'allow' };
      const labels = [`wechat:${answer.label}`];
      if (answer.suggest === 'review') return { verdict: 'review', labels };
      return { verdict: 'reject', category: categoryOfWechatLabel(answer.label), labels };
    },
  };
}
