import { describe, expect, it } from 'vitest';
import { paths, routes, routeTitles, safeRedirect, toHref, withQuery } from './paths.ts';

const meetingId = '64656d6f0000000000002019';
const agendaId = '0123456789abcdef01234567';

describe('paths', () => {
  it('builds every route of the table with its query', () => {
    expect(paths.home({ meetingId })).toBe(`/meeting/home?meeting_id=${meetingId}`);
    expect(paths.home()).toBe('/meeting/home');
    expect(paths.agenda.schedule({ meetingId })).toBe(`/meeting/agenda/schedule?meeting_id=${meetingId}`);
    expect(paths.agenda.schedule({ meetingId, agendaId, day: '2019-08-22' })).toBe(
      `/meeting/agenda/schedule?meeting_id=${meetingId}&agenda_id=${agendaId}&day=2019-08-22`,
    );
    expect(paths.agenda.details({ agendaId, meetingId })).toBe(
      `/meeting/agenda/details?agenda_id=${agendaId}&meeting_id=${meetingId}`,
    );
    expect(paths.speaker.list({ meetingId })).toBe(`/meeting/speaker/list?meeting_id=${meetingId}`);
    expect(paths.speaker.details({ speakerId: agendaId, meetingId })).toBe(
      `/meeting/speaker?speaker_id=${agendaId}&meeting_id=${meetingId}`,
    );
    expect(paths.notFound()).toBe('/404');
    expect(paths.deleted({ replace: true })).toBe('/204?replace=1');
    expect(paths.deleted({ replace: false })).toBe('/204?replace=0');
  });

  it('builds the account routes with a safe redirect', () => {
    expect(paths.login({ meetingId, redirect: '/my/index?meeting_id=1' })).toBe(
      `/login?meeting_id=${meetingId}&redirect=%2Fmy%2Findex%3Fmeeting_id%3D1`,
    );
    expect(paths.my.index({ meetingId })).toBe(`/my/index?meeting_id=${meetingId}`);
    expect(paths.account.phone({ meetingId })).toBe(`/account/phone?meeting_id=${meetingId}`);
    expect(paths.bind({ meetingId, ticket: 't' })).toBe(`/bind?meeting_id=${meetingId}&ticket=t`);
  });

  it('guards the login redirect against loops and other sites', () => {
    expect(safeRedirect('/my/profile?x=1')).toBe('/my/profile?x=1');
    expect(safeRedirect('/login?redirect=/login')).toBeUndefined();
    expect(safeRedirect('/bind')).toBeUndefined();
    expect(safeRedirect('//evil.example/x')).toBeUndefined();
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect(null)).toBeUndefined();
  });

  it('encodes values and skips empty ones', () => {
    expect(withQuery('/x', { a: 'b c&d', b: undefined, c: '' })).toBe('/x?a=b+c%26d');
  });

  it('gives the hash href', () => {
    expect(toHref(paths.home({ meetingId }))).toBe(`#/meeting/home?meeting_id=${meetingId}`);
  });

  it('has a title for every page of this issue', () => {
    for (const path of [
      routes.home,
      routes.agendaAlias,
      routes.agendaSchedule,
      routes.agendaDetails,
      routes.speakerList,
      routes.speaker,
    ]) {
      expect(routeTitles[path]).toMatch(/^pages\./);
    }
  });

  it('builds the exhibit routes', () => {
    const id = agendaId;
    expect(paths.exhibit.pavilion({ meetingId })).toBe(`/exhibit?meeting_id=${meetingId}`);
    expect(paths.exhibit.pavilion({ meetingId, industryId: id })).toBe(
      `/exhibit?meeting_id=${meetingId}&industry_id=${id}`,
    );
    expect(paths.exhibit.filter({ meetingId, groupId: id })).toBe(
      `/exhibit/exhibitor/filter?meeting_id=${meetingId}&group_id=${id}`,
    );
    expect(paths.exhibit.searchExhibitors({ meetingId, keyword: '机器 人' })).toBe(
      `/exhibit/exhibitor/search?meeting_id=${meetingId}&keyword=%E6%9C%BA%E5%99%A8+%E4%BA%BA`,
    );
    expect(paths.exhibit.searchProducts({ meetingId })).toBe(
      `/exhibit/product/search?meeting_id=${meetingId}`,
    );
    expect(paths.enterprise({ meetingId, enterpriseId: id })).toBe(
      `/meeting/enterprise?enterprise_id=${id}&meeting_id=${meetingId}`,
    );
    expect(paths.product({ meetingId, productId: id })).toBe(
      `/meeting/product?product_id=${id}&meeting_id=${meetingId}`,
    );
    expect(paths.collection({ meetingId, tab: 'products' })).toBe(
      `/my/collection?meeting_id=${meetingId}&tab=products`,
    );
    expect(paths.exhibitor.bind({ meetingId })).toBe(`/meeting/exhibitor/bind?meeting_id=${meetingId}`);
    expect(paths.exhibitor.manage({ meetingId })).toBe(`/meeting/exhibitor/manage?meeting_id=${meetingId}`);
    expect(paths.exhibitor.apply({ meetingId })).toBe(`/meeting/apply?meeting_id=${meetingId}`);
    expect(paths.invitation({ meetingId, enterpriseId: id })).toBe(
      `/meeting/invitation?enterprise_id=${id}&meeting_id=${meetingId}`,
    );
  });
});
