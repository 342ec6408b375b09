import type { Config } from '../../config.ts';
import { createLocalModerationProvider } from './local-moderation.ts';
import type { ModerationProvider } from './moderation.ts';

const providers = new WeakMap<Config, ModerationProvider>();

/**
 * The moderation provider of the configuration (MODERATION_PROVIDER = local | tencent | openai),
 * created once per configuration object.
 */
export function moderationProviderOf(config: Config): ModerationProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = createLocalModerationProvider();
    providers.set(config, provider);
  }
  return provider;
}
