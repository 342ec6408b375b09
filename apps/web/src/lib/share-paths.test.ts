import { shareTargets, shareTypes } from '@app/contracts/share/share-links.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharePaths } from './share-paths.ts';

describe('share links (§2)', () => {
  beforeEach(() => vi.stubGlobal('location', { origin: 'https://expo.example.org', pathname: '/' }));
  afterEach(() => vi.unstubAllGlobals());

  it('covers every §2 share type with its query parameter and meeting_id', () => {
    expect(shareTypes).toEqual([
      'live',
      'news',
      'activity',
      'invitation',
      'vote',
      'candidate',
      'demand',
      'product',
      'enterprise',
      'speaker',
      'speaker_list',
      'agenda',
      'agenda_details',
      'introduction',
      'home',
      'user',
    ]);
    for (const type of shareTypes) {
      const { idParam, route } = shareTargets[type];
      const url = sharePaths.url({ type, meetingId: 'm1', id: 'i1' });
      expect(url.startsWith(`https://expo.example.org/s/${type}?`)).toBe(true);
      const query = new URL(url).searchParams;
      expect(query.get('meeting_id')).toBe('m1');
      if (idParam) expect(query.get(idParam)).toBe('i1');
      expect(sharePaths.landing({ type, meetingId: 'm1' })).toBe(
        `https://expo.example.org/#${route}?meeting_id=m1`,
      );
    }
  });

  it('builds the card image URL with size and language', () => {
    expect(sharePaths.card({ type: 'news', meetingId: 'm', id: 'n', lang: 'zh', size: 'thumb' })).toBe(
      'https://expo.example.org/api/share/news/card.png?id=n&meeting_id=m&lang=zh&size=thumb',
    );
  });
});
