import { describe, expect, it } from 'vitest';
import { miniProgramLinkAction, miniProgramPageOf } from './wechat-miniprogram.ts';

describe('miniProgramPageOf (§2 mini-program pages)', () => {
  it('maps the four detail and list routes to their mini-program pages', () => {
    expect(miniProgramPageOf('/meeting/enterprise?enterprise_id=e1&meeting_id=m1')).toBe(
      '/pages/enterprise/pages/detail/detail?id=e1&meeting_id=m1',
    );
    expect(miniProgramPageOf('/demand/detail?demand_id=d1&meeting_id=m1')).toBe(
      '/pages/demand/pages/detail/detail?id=d1&meeting_id=m1',
    );
    expect(miniProgramPageOf('/meeting/talk?thread_id=t1&meeting_id=m1')).toBe(
      '/pages/thread/pages/detail/detail?id=t1&meeting_id=m1',
    );
    expect(miniProgramPageOf('/demand?meeting_id=m1&type=2')).toBe(
      '/pages/demand/pages/meeting/meeting?meeting_id=m1&type=2',
    );
    expect(miniProgramPageOf('/cooperation/?meeting_id=m1')).toBe(
      '/pages/demand/pages/meeting/meeting?meeting_id=m1',
    );
  });

  it('leaves other routes and detail routes without their id in place', () => {
    expect(miniProgramPageOf('/meeting/enterprise?meeting_id=m1')).toBeUndefined();
    expect(miniProgramPageOf('/meeting/news/detail?news_id=n1')).toBeUndefined();
    expect(miniProgramPageOf('/demand/form/1?meeting_id=m1')).toBeUndefined();
  });
});

describe('miniProgramLinkAction', () => {
  const page = { origin: 'https://expo.example.com', documentPath: '/' };
  it('opens mapped hash routes natively, other app routes in place', () => {
    expect(miniProgramLinkAction('#/meeting/enterprise?enterprise_id=e1&meeting_id=m1', page)).toEqual({
      kind: 'miniprogram',
      url: '/pages/enterprise/pages/detail/detail?id=e1&meeting_id=m1',
    });
    expect(miniProgramLinkAction('#/meeting/home?meeting_id=m1', page)).toEqual({ kind: 'none' });
    expect(miniProgramLinkAction('/api/files/x.pdf', page)).toEqual({ kind: 'none' });
  });

  it('sends other sites through the /webview allowed-domain rule', () => {
    expect(miniProgramLinkAction('https://other.example.org/a?b=1', page)).toEqual({
      kind: 'webview',
      to: '/webview?link=https%3A%2F%2Fother.example.org%2Fa%3Fb%3D1',
    });
  });

  it('leaves mailto:, tel: and javascript: links alone', () => {
    expect(miniProgramLinkAction('mailto:a@b.c', page)).toEqual({ kind: 'none' });
    expect(miniProgramLinkAction('tel:+8610', page)).toEqual({ kind: 'none' });
    expect(miniProgramLinkAction('javascript:alert(1)', page)).toEqual({ kind: 'none' });
  });
});
