import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client.ts';
import { chatErrorMessage } from './live-texts.ts';

/** A t() that answers the key itself, so the test sees which text was chosen. */
const t = ((key: string) => key) as never;

describe('chatErrorMessage (§5, §8 refusals of a chat message)', () => {
  it('names the §5 category of sensitive content, and says post failed for an unknown one', () => {
    const sensitive = new ApiError(400, 'content.sensitive', 'x', { data: { category: 'ad' } });
    expect(chatErrorMessage(sensitive, t)).toBe('moderation:refused.ad');
    const odd = new ApiError(400, 'content.sensitive', 'x', { data: { category: 'nope' } });
    expect(chatErrorMessage(odd, t)).toBe('moderation:postFailed');
  });

  it("says 'Do not operate frequently!', muted, banned and chat closed for their codes", () => {
    expect(chatErrorMessage(new ApiError(429, 'too_frequent', 'x'), t)).toBe('common:errors.tooFrequent');
    expect(chatErrorMessage(new ApiError(403, 'live.muted', 'x'), t)).toBe('lives:chat.muted');
    expect(chatErrorMessage(new ApiError(403, 'live.banned', 'x'), t)).toBe('lives:access.banned');
    expect(chatErrorMessage(new ApiError(409, 'live.chat_closed', 'x'), t)).toBe('lives:chat.closed');
    expect(chatErrorMessage(new ApiError(403, 'moderation.banned', 'x'), t)).toBe('moderation:banned');
  });

  it('falls back to post failed for anything else', () => {
    expect(chatErrorMessage(new ApiError(0, 'network_error', 'x'), t)).toBe('moderation:postFailed');
    expect(chatErrorMessage(new Error('boom'), t)).toBe('moderation:postFailed');
  });
});
