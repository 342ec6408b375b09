import {
  type ModerationCategory,
  type ModerationProvider,
  ModerationProviderError,
  type ModerationVerdict,
} from './moderation.ts';

/** OpenAI moderation categories → the §5 categories (by prefix: 'sexual/minors' is 'sexual'). */
const openAiCategories: Record<string, ModerationCategory> = {
  sexual: 'porn',
  harassment: 'abuse',
  hate: 'abuse',
  illicit: 'contraband',
  'self-harm': 'harmful',
  violence: 'harmful',
};

/** The §5 category of an OpenAI moderation category name. */
export function categoryOfOpenAiLabel(label: string): ModerationCategory {
  return openAiCategories[label.split('/')[0] ?? ''] ?? 'harmful';
}

/** Below `flagged`, a score at least this high sends the text to review. */
export const openAiReviewScore = 0.4;

type ModerationAnswer = {
  results?: {
    flagged?: boolean;
    categories?: Record<string, boolean>;
    category_scores?: Record<string, number>;
  }[];
  error?: { message?: string; type?: string };
};

/**
 * OpenAI's moderation endpoint (POST {baseUrl}/moderations, model omni-moderation-latest by default),
 * with fetch against any OpenAI-compatible base URL. Flagged → reject with the §5 category of the
 * highest-scoring flagged category; not flagged but a score ≥ 0.4 → review; else allow. A network
 * error, a timeout or a non-2xx status throws ModerationProviderError (the caller: 'review').
 */
export function createOpenAiModerationProvider(options: {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}): ModerationProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/moderations`;
  return {
    name: 'openai',
    async checkText(text): Promise<ModerationVerdict> {
      let answer: ModerationAnswer;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify({ model: options.model, input: text }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok)
          throw new ModerationProviderError(`OpenAI moderation answered HTTP ${response.status}`);
        answer = (await response.json()) as ModerationAnswer;
      } catch (error) {
        if (error instanceof ModerationProviderError) throw error;
        throw new ModerationProviderError(`OpenAI moderation unreachable: ${(error as Error).message}`);
      }
      const result = answer.results?.[0];
      if (!result) throw new ModerationProviderError('OpenAI moderation answered no result');
      const scores = Object.entries(result.category_scores ?? {}).sort(([, a], [, b]) => b - a);
      const flagged = scores.filter(([name]) => result.categories?.[name] === true);
      if (result.flagged && flagged[0]) {
        return {
          verdict: 'reject',
          category: categoryOfOpenAiLabel(flagged[0][0]),
          labels: flagged.map(([name]) => name),
        };
      }
      const [top] = scores;
      if (top && top[1] >= openAiReviewScore) {
        return { verdict: 'review', category: categoryOfOpenAiLabel(top[0]), labels: [top[0]] };
      }
      return { verdict: 'allow' };
    },
  };
}
