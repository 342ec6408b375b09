import type { ModerationProvider } from './moderation.ts';
import { starterWordMatcher, type WordMatcher } from './word-matcher.ts';

/**
 * The local provider (DESIGN §8, MODERATION_PROVIDER=local): the starter word lists of each §5
 * category (word-lists/*.txt); a listed word rejects the text with its category, anything else is
 * allowed. It never answers 'review'. Images are allowed (no local image model).
 */
export function createLocalModerationProvider(
  matcher: WordMatcher = starterWordMatcher(),
): ModerationProvider {
  return {
    name: 'local',
    async checkText(text) {
      const hit = matcher.firstIn(text);
      return hit ? { verdict: 'reject', category: hit.category, labels: [hit.word] } : { verdict: 'allow' };
    },
    async checkImage() {
      return { verdict: 'allow' };
    },
  };
}
