import type { Config } from '../../config.ts';
import type { AiProvider } from './ai.provider.ts';
import { createOpenAiCompatibleProvider } from './openai-compatible.ts';

/** One provider per configuration object (the SDK client keeps its connection pool). */
const providers = new WeakMap<Config, AiProvider | undefined>();

/**
 * The app's AI provider (DESIGN §8 "ai"): the OpenAI-compatible adapter built from AI_BASE_URL,
 * AI_API_KEY (or 'none'), AI_MODEL, AI_EMBEDDING_MODEL, AI_STT_MODEL and AI_TIMEOUT_MS; memoised per
 * configuration object. `undefined` without AI_BASE_URL (or without a config): callers fall back to the
 * built-in assistant, extractive minutes, and "subtitles unavailable" (§1).
 */
export function aiProviderOf(config: Config | undefined): AiProvider | undefined {
  if (!config?.AI_BASE_URL) return undefined;
  if (providers.has(config)) return providers.get(config);
  const provider = createOpenAiCompatibleProvider({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    embeddingModel: config.AI_EMBEDDING_MODEL,
    sttModel: config.AI_STT_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    maxRetries: 1,
  });
  providers.set(config, provider);
  return provider;
}
