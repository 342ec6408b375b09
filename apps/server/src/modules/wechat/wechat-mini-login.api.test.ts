import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { smsCode } from '../../../test/login.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { createFakeWechatMini, type FakeWechatMini } from '../../providers/wechat/fake-wechat-mini.ts';
import {
  type FakeWechatServer,
  fakeWechatApps,
  startFakeWechatServer,
} from '../../providers/wechat/fake-wechat-server.ts';
import { insertUserIfFree } from '../users/users.repository.ts';
import { users } from '../users/users.tables.ts';
import { defaultLoginMethods, meetingWechatSettings, userWechatOpenids } from './wechat.tables.ts';

/**
 * Sign-in inside the mini-program at the API level (§7 Login, §2 mini-program pages, §8 4260): the
 * fake WeChat answers sns/jscode2session and wxa/business/getuserphonenumber for the codes the bridge
 * page would hand back.
 */

const miniAppid = fakeWechatApps.mini.appid;
const meetingId = ids.meeting;

let fake: FakeWechatServer;
let mini: FakeWechatMini;
let t: TestApp;

beforeAll(async () => {
  mini = createFakeWechatMini();
  fake = await startFakeWechatServer({ extraRoutes: mini.extraRoutes });
  t = await createTestApp({ env: { ...fake.env } });
  await seedFixture(t.database.db);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(() => fake.clearFailures());

const cnPhone = (national: string) => ({ purePhoneNumber: national, countryCode: '86' });

/** POST /tokens/wechat/mini with a fresh wx.login code of `openid` (and a phone code when given). */
function login(openid: string, phone?: string, options: { unionid?: string; meeting?: string } = {}) {
  const code = mini.issueLoginCode({ openid, unionid: options.unionid });
  return t.call('POST', '/api/tokens/wechat/mini', {
    json: {
      meeting_id: options.meeting ?? meetingId,
      code,
      ...(phone ? { phone_code: mini.issuePhoneCode(cnPhone(phone)) } : {}),
    },
  });
}

const openidRows = (openid: string) =>
  t.database.db.select().from(userWechatOpenids).where(eq(userWechatOpenids.openid, openid));
const usersWithPhone = (e164: string) => t.database.db.select().from(users).where(eq(users.phone, e164));

async function setWechatLogin(on: 0 | 1): Promise<void> {
  const loginMethods = { ...defaultLoginMethods, wechat: on };
  await t.database.db
    .insert(meetingWechatSettings)
    .values({ meetingId, loginMethods })
    .onConflictDoUpdate({ target: meetingWechatSettings.meetingId, set: { loginMethods } });
}

describe('POST /tokens/wechat/mini', () => {
  it('creates a user with the phone WeChat verified and remembers the openid', async () => {
    const answer = await login('o-mini-new', '13912340001', { unionid: 'u-mini-new' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.meeting_id.$id).toBe(meetingId);
    const [user] = await usersWithPhone('+8613912340001');
    expect(user?.id).toBe(body.user_id.$id);
    expect(await openidRows('o-mini-new')).toEqual([
      expect.objectContaining({ appid: miniAppid, userId: user?.id, unionid: 'u-mini-new' }),
    ]);
    expect(fake.requests.find((r) => r.path === '/sns/jscode2session')?.query).toMatchObject({
      appid: miniAppid,
      grant_type: 'authorization_code',
    });
  });

  it('signs the holder of the verified phone in', async () => {
    const holder = await insertUserIfFree(t.database.db, {
      id: newId(),
      phone: '+8613912340002',
      areaCode: '86',
      username: 'Holder',
    });
    const answer = await login('o-mini-holder', '13912340002');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user_id.$id).toBe(holder?.id);
    expect((await openidRows('o-mini-holder'))[0]?.userId).toBe(holder?.id);
  });

  it('signs a returning openid in without a phone', async () => {
    const first = await login('o-mini-back', '13912340003');
    expect(first.statusCode, first.body).toBe(200);
    const again = await login('o-mini-back');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user_id.$id).toBe(first.json().user_id.$id);
    expect(again.json().token).not.toBe(first.json().token);
  });

  it('hands an openid without phone back with 4260; /bind links it and the next login signs straight in', async () => {
    const handBack = await login('o-mini-bind');
    expect(handBack.statusCode, handBack.body).toBe(400);
    expect(handBack.json().code).toBe(4260);
    const ticket = handBack.json().data.ticket as string;
    expect(ticket).toMatch(/^[0-9a-f]{64}$/);
    expect(await openidRows('o-mini-bind')).toEqual([]);

    const phone = '13912340004';
    const code = await smsCode(t, { meetingId, phone, purpose: 'bind' });
    const bound = await t.call('POST', '/api/tokens/wechat/bind', {
      form: { ticket, phone, area_code: '86', code, meeting_id: meetingId },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const userId = bound.json().user_id.$id as string;

    const next = await login('o-mini-bind');
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().user_id.$id).toBe(userId);
    expect((await openidRows('o-mini-bind'))[0]?.userId).toBe(userId);
  });

  it('refuses a forged or used code with 401 Login invalid', async () => {
    const forged = await t.call('POST', '/api/tokens/wechat/mini', {
      json: { meeting_id: meetingId, code: 'forged-code' },
    });
    expect(forged.statusCode, forged.body).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'login.invalid', message: 'Login invalid' });

    const code = mini.issueLoginCode({ openid: 'o-mini-used' });
    const phoneCode = mini.issuePhoneCode(cnPhone('13912340005'));
    const first = await t.call('POST', '/api/tokens/wechat/mini', {
      json: { meeting_id: meetingId, code, phone_code: phoneCode },
    });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await t.call('POST', '/api/tokens/wechat/mini', {
      json: { meeting_id: meetingId, code, phone_code: phoneCode },
    });
    expect(replay.statusCode).toBe(401);

    const forgedPhone = await t.call('POST', '/api/tokens/wechat/mini', {
      json: {
        meeting_id: meetingId,
        code: mini.issueLoginCode({ openid: 'o-mini-fp' }),
        phone_code: 'forged',
      },
    });
    expect(forgedPhone.statusCode).toBe(401);
    expect(await openidRows('o-mini-fp')).toEqual([]);
  });

  it('refuses with 403 login.method_disabled when the meeting switched WeChat off', async () => {
    await setWechatLogin(0);
    try {
      const refused = await login('o-mini-off', '13912340006');
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('login.method_disabled');
      expect(await usersWithPhone('+8613912340006')).toEqual([]);
    } finally {
      await setWechatLogin(1);
    }
  });

  it('answers 502 wechat.unavailable when WeChat fails, and stores nothing', async () => {
    fake.fail('/sns/jscode2session', { errcode: -1, errmsg: 'system error' }, 1);
    const down = await login('o-mini-down', '13912340007');
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json()).toMatchObject({ code: 'wechat.unavailable', message: 'Request failed' });

    fake.fail('/wxa/business/getuserphonenumber', { status: 500 }, 1);
    const phoneDown = await login('o-mini-down', '13912340007');
    expect(phoneDown.statusCode, phoneDown.body).toBe(502);
    expect(await openidRows('o-mini-down')).toEqual([]);
    expect(await usersWithPhone('+8613912340007')).toEqual([]);
  });

  it('gives concurrent first logins of one openid one user', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => login('o-mini-race', '13912340008', { unionid: 'u-mini-race' })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const userIds = new Set(answers.map((answer) => answer.json().user_id.$id as string));
    expect(userIds.size).toBe(1);
    expect(await usersWithPhone('+8613912340008')).toHaveLength(1);
    expect(await openidRows('o-mini-race')).toHaveLength(1);
  });

  it('answers 404 for an unknown meeting', async () => {
    const answer = await login('o-mini-404', undefined, { meeting: '0'.repeat(24) });
    expect(answer.statusCode, answer.body).toBe(404);
  });
});
