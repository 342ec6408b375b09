import { describe, expect, it } from 'vitest';
import { miniLoginBridgeUrl, miniLoginHandoffOf, withoutMiniLoginHandoff } from './wechat-mini-login.ts';

/** The mini-program bridge's login hand-back in the login route's query (§2 pages/webview/api/api, §7 Login). */
describe('mini-program login hand-off', () => {
  const query = (text: string) => new URLSearchParams(text);

  it('opens the bridge page with action=login and the address to answer on', () => {
    expect(miniLoginBridgeUrl('https://expo.example.com/#/login?meeting_id=m1')).toBe(
      '/pages/webview/api/api?action=login&return=https%3A%2F%2Fexpo.example.com%2F%23%2Flogin%3Fmeeting_id%3Dm1',
    );
  });

  it('reads the codes of a finished bridge login', () => {
    expect(
      miniLoginHandoffOf(
        query('meeting_id=m1&mp_action=login&mp_status=ok&mp_code=c0de&mp_phone_code=p40ne'),
      ),
    ).toEqual({ kind: 'login', code: 'c0de', phoneCode: 'p40ne' });
    expect(miniLoginHandoffOf(query('mp_action=login&mp_status=ok&mp_code=c0de'))).toEqual({
      kind: 'login',
      code: 'c0de',
      phoneCode: null,
    });
  });

  it('tells a cancel from a failure, and ignores other hand-backs', () => {
    expect(miniLoginHandoffOf(query('mp_action=login&mp_status=cancel'))).toEqual({ kind: 'cancel' });
    expect(miniLoginHandoffOf(query('mp_action=login&mp_status=fail'))).toEqual({ kind: 'fail' });
    expect(miniLoginHandoffOf(query('mp_action=login&mp_status=ok&mp_code='))).toEqual({ kind: 'fail' });
    expect(miniLoginHandoffOf(query('mp_action=pay&mp_status=ok'))).toBeUndefined();
    expect(miniLoginHandoffOf(query('meeting_id=m1&redirect=%2Fhome'))).toBeUndefined();
  });

  it('drops the single-use mp_* values and keeps the rest', () => {
    const kept = withoutMiniLoginHandoff(
      query('meeting_id=m1&redirect=%2Fhome&mp_action=login&mp_status=ok&mp_code=c&mp_phone_code=p'),
    );
    expect(kept.toString()).toBe('meeting_id=m1&redirect=%2Fhome');
  });
});
