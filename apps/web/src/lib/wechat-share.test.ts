import { describe, expect, it } from 'vitest';
import { chooseShareData, type ShareMeeting, shareLinkOfRoute } from './wechat-share.ts';

const meeting: ShareMeeting = {
  _id: { $id: 'm1' },
  title: { en: 'Expo 2026', zh: '博览会 2026' },
  cover: '/uploads/cover.jpg',
  config: { wx_share_title: 'Join the Expo', wx_share_desc: 'Three days of trade', wx_share_cover: '' },
};
const at = (route: string, search = '') => ({
  origin: 'https://expo.example.com',
  documentPath: '/index.html',
  route,
  search,
});

describe('shareLinkOfRoute (§2 share links)', () => {
  it('names the share type of a route and its item id', () => {
    expect(shareLinkOfRoute('/meeting/news/detail', '?news_id=n1&meeting_id=m1', 'm1', 'en')).toEqual({
      type: 'news',
      meetingId: 'm1',
      id: 'n1',
      lang: 'en',
    });
    expect(shareLinkOfRoute('/meeting/agenda/schedule', '', 'm1', 'en')?.type).toBe('agenda');
    expect(shareLinkOfRoute('/meeting/speaker/list', '?x=1', 'm1', 'en')).toMatchObject({
      type: 'speaker_list',
      id: undefined,
    });
    expect(shareLinkOfRoute('/my/order', '', 'm1', 'en')).toBeUndefined();
  });
});

describe('chooseShareData (§2 share links, §3 wx_share_*)', () => {
  it('uses the item the page registered: its title, description, thumb card and share page', () => {
    const data = chooseShareData({
      meeting,
      language: 'en',
      location: at('/meeting/news/detail', '?news_id=n1&meeting_id=m1'),
      page: {
        link: { type: 'news', meetingId: 'm1', id: 'n1' },
        title: 'Opening day',
        description: 'Doors at 9',
      },
    });
    expect(data).toEqual({
      title: 'Opening day',
      desc: 'Doors at 9',
      imgUrl: 'https://expo.example.com/api/share/news/card.png?id=n1&meeting_id=m1&lang=en&size=thumb',
      link: 'https://expo.example.com/s/news?news_id=n1&meeting_id=m1&lang=en',
    });
  });

  it('an item without a description falls back to the meeting name, like the server share page', () => {
    const data = chooseShareData({
      meeting,
      language: 'zh',
      location: at('/meeting/product', '?product_id=p1'),
      page: { link: { type: 'product', meetingId: 'm1', id: 'p1' }, title: 'Robot arm' },
    });
    expect(data.desc).toBe('博览会 2026');
    expect(data.link).toBe('https://expo.example.com/s/product?product_id=p1&meeting_id=m1&lang=zh');
  });

  it('a share-type page without a registration: the meeting share title and the type card', () => {
    const data = chooseShareData({ meeting, language: 'en', location: at('/meeting/speaker/list') });
    expect(data.title).toBe('Join the Expo');
    expect(data.desc).toBe('Three days of trade');
    expect(data.imgUrl).toBe(
      'https://expo.example.com/api/share/speaker_list/card.png?meeting_id=m1&lang=en&size=thumb',
    );
    expect(data.link).toBe('https://expo.example.com/s/speaker_list?meeting_id=m1&lang=en');
  });

  it('the home: the share cover, else the cover, made absolute', () => {
    const data = chooseShareData({ meeting, language: 'en', location: at('/meeting/home') });
    expect(data.imgUrl).toBe('https://expo.example.com/uploads/cover.jpg');
    expect(data.link).toBe('https://expo.example.com/s/home?meeting_id=m1&lang=en');
    const withShareCover = chooseShareData({
      meeting: { ...meeting, config: { wx_share_cover: 'https://cdn.example.com/share.png' } },
      language: 'en',
      location: at('/meeting/home'),
    });
    expect(withShareCover.imgUrl).toBe('https://cdn.example.com/share.png');
    expect(withShareCover.title).toBe('Expo 2026');
    expect(withShareCover.desc).toBe('Expo 2026');
  });

  it('another page shares its own address without a session token', () => {
    const data = chooseShareData({
      meeting,
      language: 'en',
      location: at('/my/order', '?token=secret&user_id=u1&tab=paid'),
    });
    expect(data.link).toBe('https://expo.example.com/index.html#/my/order?tab=paid&meeting_id=m1');
    expect(data.link).not.toContain('secret');
  });

  it('ignores an item registered for another meeting', () => {
    const data = chooseShareData({
      meeting,
      language: 'en',
      location: at('/meeting/home'),
      page: { link: { type: 'news', meetingId: 'other', id: 'n1' }, title: 'Elsewhere' },
    });
    expect(data.title).toBe('Join the Expo');
  });
});
