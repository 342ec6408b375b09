import { describe, expect, it } from 'vitest';
import { ApiError } from './api/client.ts';
import { isModerationBanned, sensitiveCategoryOf } from './moderation.ts';

describe('sensitiveCategoryOf (§5, §8 sensitive content by category)', () => {
  it('reads the §5 category of a 400 content.sensitive', () => {
    const refusal = new ApiError(400, 'content.sensitive', 'Sensitive content: ad', {
      data: { category: 'ad' },
    });
    expect(sensitiveCategoryOf(refusal)).toBe('ad');
  });
  it('null for another code, an unknown category or a plain error', () => {
    expect(sensitiveCategoryOf(new ApiError(400, 'validation_failed', 'x'))).toBeNull();
    expect(
      sensitiveCategoryOf(new ApiError(400, 'content.sensitive', 'x', { data: { category: 'rude' } })),
    ).toBeNull();
    expect(sensitiveCategoryOf(new Error('x'))).toBeNull();
  });
  it('recognises 403 moderation.banned', () => {
    expect(isModerationBanned(new ApiError(403, 'moderation.banned', 'x'))).toBe(true);
    expect(isModerationBanned(new ApiError(403, 'no_permission', 'x'))).toBe(false);
  });
});
