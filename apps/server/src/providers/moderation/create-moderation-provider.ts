import type { Config } from '../../config.ts';
import { createLocalModerationProvider } from './local-moderation.ts';
import type { ModerationProvider } from './moderation.ts';
import { createOpenAiModerationProvider } from './openai-moderation.ts';
import { createTencentModerationProvider } from './tencent-moderation.ts';

/**
 * The moderation provider of a configuration (DESIGN §8): MODERATION_PROVIDER = local (default),
 * tencent (TENCENT_TMS_*) or openai (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODERATION_MODEL).
 * The keys are checked by loadConfig at start-up.
 */
export function createModerationProvider(config: Config): ModerationProvider {
  switch (config.MODERATION_PROVIDER) {
    case 'tencent':
      return createTencentModerationProvider({
        endpoint: config.TENCENT_TMS_ENDPOINT,
        secretId: config.TENCENT_TMS_SECRET_ID ?? '',
        secretKey: config.TENCENT_TMS_SECRET_KEY ?? '',
        region: config.TENCENT_TMS_REGION,
        bizType: config.TENCENT_TMS_BIZ_TYPE,
        timeoutMs: config.MODERATION_TIMEOUT_MS,
      });
    case 'openai':
      return createOpenAiModerationProvider({
        baseUrl: config.OPENAI_BASE_URL,
        apiKey: config.OPENAI_API_KEY ?? '',
        model: config.OPENAI_MODERATION_MODEL,
        timeoutMs: config.MODERATION_TIMEOUT_MS,
      });
    // 'wechat' needs the writer's openid: POST /wechat/securities builds it per caller
    // (wechat-moderation.ts); posts elsewhere use the local lists.
    default:
      return createLocalModerationProvider();
  }
}

const providers = new WeakMap<Config, ModerationProvider>();

/** The provider of a configuration object, created once per configuration. */
export function moderationProviderOf(config: Config): ModerationProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = createModerationProvider(config);
    providers.set(config, provider);
  }
  return provider;
}

/** Makes `provider` the provider of `config` (tests, or an app that builds its own adapter). */
export function useModerationProvider(config: Config, provider: ModerationProvider): void {
  providers.set(config, provider);
}
