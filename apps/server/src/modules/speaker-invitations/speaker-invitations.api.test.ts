import type {
  ConsoleSpeakerInvitation,
  CreatedSpeakerInvitation,
  LoginResult,
  SpeakerDetail,
  SpeakerInvitationView,
} from '@app/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { uploads } from '../media/media.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { notificationPreferences, notifications } from '../notifications/notifications.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';
import { speakerInvitations } from './speaker-invitations.tables.ts';

/**
 * Speaker invitations (§2 /meeting/speaker/invite, §6 "Speaker: invited, accepts via invitation page",
 * §8 'The temporary link has expired'): console invite/list/revoke/resend, the link's expiry, revoke
 * and double answers, that only the account of the invited phone or e-mail answers (by link or, from
 * the notification centre, by id), that the invitee's channel choices hold, and that only the linked
 * user edits the speaker profile, through moderation and with their own upload as photo.
 */

let world: DemoWorld;
let meetingId: string;
let organiser: LoginResult;
let stranger: LoginResult;
let speakerIds: string[];
let invitee: Person;
let other: Person;

type Who = LoginResult | null;
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who) : {},
    ...(json === undefined ? {} : { json }),
  });
}
const consoleBase = () => `/console/meetings/${meetingId}`;
const tokenOf = (link: string) =>
  new URL(link.replace('/#/', '/')).searchParams.get('invitation_token') ?? '';

async function invite(speakerId: string, body: Record<string, unknown>, who: Who = organiser) {
  return call('POST', apiUrl(`${consoleBase()}/speakers/${speakerId}/invitations`), who, body);
}
async function mailsTo(address: string) {
  const [row] = await world.t.database.db
    .select({ n: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, address));
  return row?.n ?? 0;
}
/** An upload of `owner` in the image bucket, as the media module stores it; returns its URL. */
async function imageOf(owner: Person, mime = 'image/png'): Promise<string> {
  const key = `${newId()}/photo.${mime === 'image/png' ? 'png' : 'jpg'}`;
  await world.t.database.db.insert(uploads).values({
    id: key.slice(0, 24),
    bucket: 'image',
    key,
    userId: owner.userId,
    meetingId,
    mime,
    size: 100,
    width: 10,
    height: 10,
  });
  return `/api/files/image/${key}`;
}
async function invitationCount() {
  const [row] = await world.t.database.db.select({ n: count() }).from(speakerInvitations);
  return row?.n ?? 0;
}

beforeAll(async () => {
  world = await createDemoWorld({ env: { PUBLIC_URL: 'https://expo.example.org' } });
  meetingId = world.meetingId;
  organiser = world.logins.organiser;
  stranger = world.logins.user;
  const rows = await world.t.database.db
    .select({ id: speakers.id })
    .from(speakers)
    .where(and(eq(speakers.meetingId, meetingId), eq(speakers.deleted, 0)))
    .orderBy(speakers.id)
    .limit(6);
  speakerIds = rows.map((row) => row.id);
  await world.t.database.db.update(speakers).set({ userId: null }).where(eq(speakers.meetingId, meetingId));
  invitee = await newPerson(world.t, meetingId, { email: 'ada.speaker@example.org', language: 'zh' });
  other = await newPerson(world.t, meetingId, { email: 'someone.else@example.org' });
});
afterAll(() => world.t.close());

describe('console: invite a speaker (programme.edit)', () => {
  it('sends the link by e-mail, notifies the existing account, and lists it', async () => {
    const speakerId = speakerIds[0] as string;
    const res = await invite(speakerId, { email: ' Ada.Speaker@Example.org ' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as CreatedSpeakerInvitation;
    expect(created.status).toBe('pending');
    expect(created.email).toBe('ada.speaker@example.org');
    expect(created.link).toMatch(
      /^https:\/\/expo\.example\.org\/#\/meeting\/speaker\/invite\?meeting_id=[0-9a-f]{24}&invitation_token=[A-Za-z0-9_-]{43}$/,
    );
    expect(created.expires - created.created).toBe(14 * 24 * 3600);
    const [mail] = await world.t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'ada.speaker@example.org'))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(mail?.body).toContain(created.link);
    // The token is stored only as its hash.
    const [stored] = await world.t.database.db
      .select()
      .from(speakerInvitations)
      .where(eq(speakerInvitations.id, created._id.$id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(created.link));
    const [notice] = await world.t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, invitee.userId), eq(notifications.kind, 'speaker.invitation')));
    expect(notice?.n).toBe(1);
    // The notice opens the page by the invitation's id: the link's token is stored nowhere.
    const [stored2] = await world.t.database.db
      .select({ query: notifications.query })
      .from(notifications)
      .where(and(eq(notifications.userId, invitee.userId), eq(notifications.kind, 'speaker.invitation')));
    expect(stored2?.query).toEqual({ meeting_id: meetingId, invitation_id: created._id.$id });
    expect(JSON.stringify(stored2)).not.toContain(tokenOf(created.link));
    const list = await call('GET', apiUrl(`${consoleBase()}/speaker-invitations`), organiser);
    expect(list.statusCode, list.body).toBe(200);
    const items = (list.json() as { items: ConsoleSpeakerInvitation[] }).items;
    expect(items[0]?._id.$id).toBe(created._id.$id);
  });

  it('refuses bad contacts (400, nothing stored) and callers without programme.edit', async () => {
    const before = await invitationCount();
    const speakerId = speakerIds[1] as string;
    for (const [body, code] of [
      [{}, 'validation_failed'],
      [{ email: 'a@b.org', phone: '13800138000' }, 'validation_failed'],
      [{ email: 'not-an-email' }, 'email.invalid'],
      [{ phone: '12' }, 'phone.invalid'],
      [{ email: `${'x'.repeat(260)}@b.org` }, 'validation_failed'],
      [{ email: 'a@b.org', lang: 'constructor' }, 'validation_failed'],
      [{ email: 'a@b.org', lang: 'xx' }, 'validation_failed'],
    ] as const) {
      const res = await invite(speakerId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    expect((await invite(speakerId, { email: 'a@b.org' }, stranger)).statusCode).toBe(403);
    expect((await invite(speakerId, { email: 'a@b.org' }, world.logins.otherOrganiser)).statusCode).toBe(403);
    expect((await invite(speakerId, { email: 'a@b.org' }, null)).statusCode).toBe(401);
    expect((await invite('f'.repeat(24), { email: 'a@b.org' })).statusCode).toBe(404);
    expect(await invitationCount()).toBe(before);
    expect((await call('GET', apiUrl(`${consoleBase()}/speaker-invitations`), stranger)).statusCode).toBe(
      403,
    );
  });
});

describe('the invitation link', () => {
  let link: string;
  let speakerId: string;

  beforeAll(async () => {
    speakerId = speakerIds[0] as string;
    const res = await invite(speakerId, { email: 'ada.speaker@example.org' });
    link = (res.json() as CreatedSpeakerInvitation).link;
  });

  it('shows the speaker and the meeting to anyone holding it; an unknown token is 404', async () => {
    const res = await call('GET', apiUrl(`/speaker/invitations/${tokenOf(link)}`), null);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as SpeakerInvitationView;
    expect(view.status).toBe('pending');
    expect(view.speaker._id.$id).toBe(speakerId);
    expect(view.is_linked_to_me).toBe(0);
    expect((await call('GET', apiUrl(`/speaker/invitations/${'A'.repeat(43)}`), null)).statusCode).toBe(404);
    expect((await call('GET', apiUrl('/speaker/invitations/short'), null)).statusCode).toBe(400);
  });

  it('accepting needs a login; it links the speaker; a second answer is 409', async () => {
    const token = tokenOf(link);
    expect((await call('POST', apiUrl(`/speaker/invitations/${token}/accept`), null)).statusCode).toBe(401);
    // Holding the link is not enough (§6): another account cannot answer it, nothing is linked.
    for (const answer of ['accept', 'decline']) {
      const stolen = await call('POST', apiUrl(`/speaker/invitations/${token}/${answer}`), other);
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json()).toMatchObject({ code: 'no_permission' });
      expect(stolen.json().message).toMatch(/another phone number or e-mail/);
    }
    const [untouched] = await world.t.database.db.select().from(speakers).where(eq(speakers.id, speakerId));
    expect(untouched?.userId).toBeNull();
    const res = await call('POST', apiUrl(`/speaker/invitations/${token}/accept`), invitee);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as SpeakerInvitationView;
    expect(view.status).toBe('accepted');
    expect(view.is_linked_to_me).toBe(1);
    expect(view.speaker.user_id?.$id).toBe(invitee.userId);
    const reread = await call('GET', apiUrl(`/speaker/invitations/${token}`), invitee);
    expect((reread.json() as SpeakerInvitationView).is_linked_to_me).toBe(1);
    const byOther = await call('GET', apiUrl(`/speaker/invitations/${token}`), other);
    expect((byOther.json() as SpeakerInvitationView).is_linked_to_me).toBe(0);
    for (const answer of ['accept', 'decline']) {
      const again = await call('POST', apiUrl(`/speaker/invitations/${token}/${answer}`), invitee);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('speaker_invitation.answered');
    }
    const [speaker] = await world.t.database.db.select().from(speakers).where(eq(speakers.id, speakerId));
    expect(speaker?.userId).toBe(invitee.userId);
    // A linked speaker cannot be invited again.
    expect((await invite(speakerId, { email: 'x@example.org' })).statusCode).toBe(409);
  });

  it('two answers at once (by link and by id): one wins, the other gets 409', async () => {
    const phoneOwner = await newPerson(world.t, meetingId, { phone: '+8613800138111' });
    const res = await invite(speakerIds[2] as string, { phone: '13800138111', area_code: '86' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as CreatedSpeakerInvitation;
    const answers = await Promise.all([
      call('POST', apiUrl(`/speaker/invitations/${tokenOf(created.link)}/accept`), phoneOwner),
      call('POST', apiUrl(`/user/speaker-invitations/${created._id.$id}/decline`), phoneOwner),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('the notification centre opens the invitation by id, for the invited account only', async () => {
    const byId = await newPerson(world.t, meetingId, { email: 'by.id@example.org' });
    const created = (
      await invite(speakerIds[5] as string, { email: 'by.id@example.org' })
    ).json() as CreatedSpeakerInvitation;
    const url = apiUrl(`/user/speaker-invitations/${created._id.$id}`);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, other)).statusCode).toBe(403);
    expect((await call('POST', `${url}/accept`, other)).statusCode).toBe(403);
    expect((await call('GET', apiUrl(`/user/speaker-invitations/${'f'.repeat(24)}`), byId)).statusCode).toBe(
      404,
    );
    const view = await call('GET', url, byId);
    expect(view.statusCode, view.body).toBe(200);
    expect((view.json() as SpeakerInvitationView).status).toBe('pending');
    const accepted = await call('POST', `${url}/accept`, byId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as SpeakerInvitationView).is_linked_to_me).toBe(1);
    expect((await call('POST', `${url}/decline`, byId)).statusCode).toBe(409);
    await world.t.database.db
      .update(speakers)
      .set({ userId: null })
      .where(eq(speakers.id, speakerIds[5] as string));
  });

  it('an account that turned mail off for speaker invitations gets the notice only', async () => {
    const quiet = await newPerson(world.t, meetingId, { email: 'quiet.speaker@example.org' });
    await world.t.database.db
      .insert(notificationPreferences)
      .values({ userId: quiet.userId, kind: 'speaker.invitation', mail: 0, sms: 1 });
    const before = await mailsTo('quiet.speaker@example.org');
    const res = await invite(speakerIds[3] as string, { email: 'quiet.speaker@example.org' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailsTo('quiet.speaker@example.org')).toBe(before);
    const [notice] = await world.t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, quiet.userId), eq(notifications.kind, 'speaker.invitation')));
    expect(notice?.n).toBe(1);
    // Without an account the address is the only way to reach them: the mail goes out.
    await invite(speakerIds[3] as string, { email: 'no.account@example.org' });
    expect(await mailsTo('no.account@example.org')).toBe(1);
  });

  it('only the linked user edits the speaker profile, and the speaker page shows it', async () => {
    const url = apiUrl(`/meeting/speakers/${speakerId}/profile`);
    const photo = await imageOf(invitee);
    const body = { biography: 'Ada builds calm robots.', work_title: 'Chief engineer', photo };
    expect((await call('PUT', url, other, body)).statusCode).toBe(403);
    expect((await call('PUT', url, organiser, body)).statusCode).toBe(403);
    expect((await call('PUT', url, null, body)).statusCode).toBe(401);
    const bad = await call('PUT', url, invitee, { photo: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', url, invitee, { biography: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call('PUT', url, invitee, { user_id: other.userId })).statusCode).toBe(400);
    // A new photo must be the caller's own jpg/png upload (§5): not someone else's, not unknown.
    for (const photoOf of [
      await imageOf(other),
      '/api/files/image/nobody.png',
      await imageOf(invitee, 'image/gif'),
    ]) {
      const refused = await call('PUT', url, invitee, { photo: photoOf });
      expect(refused.statusCode, photoOf).toBe(400);
      expect(refused.json().code).toBe('validation_failed');
    }
    // Texts go through the meeting's moderation (§5), nothing stored on refusal.
    const sensitive = await call('PUT', url, invitee, { biography: 'asdfghjkl' });
    expect(sensitive.statusCode).toBe(400);
    expect(sensitive.json()).toMatchObject({ code: 'content.sensitive', data: { category: 'meaningless' } });
    const res = await call('PUT', url, invitee, body);
    expect(res.statusCode, res.body).toBe(200);
    const page = await call('GET', apiUrl(`/meetings/${meetingId}/speakers/${speakerId}`), null);
    const detail = page.json() as SpeakerDetail;
    expect(detail.biography).toBe('Ada builds calm robots.');
    expect(detail.work_title).toBe('Chief engineer');
    expect(detail.photo).toBe(photo);
    // The current photo may come back unchanged with other edits (the page sends the whole form).
    expect((await call('PUT', url, invitee, { ...body, company: 'Calm Robots' })).statusCode).toBe(200);
    expect(
      (await call('PUT', apiUrl(`/meeting/speakers/${'f'.repeat(24)}/profile`), invitee, body)).statusCode,
    ).toBe(404);
  });

  it("declining links nothing; the speaker's own sessions list answers for the linked user", async () => {
    const decliner = await newPerson(world.t, meetingId, { email: 'decliner@example.org' });
    const res = await invite(speakerIds[3] as string, { email: 'decliner@example.org' });
    const token = tokenOf((res.json() as CreatedSpeakerInvitation).link);
    const declined = await call('POST', apiUrl(`/speaker/invitations/${token}/decline`), decliner);
    expect(declined.statusCode, declined.body).toBe(200);
    expect((declined.json() as SpeakerInvitationView).status).toBe('declined');
    expect((declined.json() as SpeakerInvitationView).speaker.user_id).toBeNull();
    const sessions = await call(
      'GET',
      apiUrl(`/meetings/${meetingId}/speaker/users/${invitee.userId}/agendas`),
      null,
    );
    expect(sessions.statusCode).toBe(200);
  });
});

describe('expiry, revoke and resend (§8 The temporary link has expired)', () => {
  it('an expired link answers 410 with the spec message and cannot be accepted', async () => {
    const late = await newPerson(world.t, meetingId, { email: 'late@example.org' });
    const res = await invite(speakerIds[4] as string, { email: 'late@example.org' });
    const created = res.json() as CreatedSpeakerInvitation;
    await world.t.database.db
      .update(speakerInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(speakerInvitations.id, created._id.$id));
    const token = tokenOf(created.link);
    const view = await call('GET', apiUrl(`/speaker/invitations/${token}`), null);
    expect(view.statusCode).toBe(410);
    expect(view.json()).toMatchObject({
      code: 'speaker_invitation.expired',
      message: 'The temporary link has expired',
    });
    expect((await call('POST', apiUrl(`/speaker/invitations/${token}/accept`), late)).statusCode).toBe(410);
    const list = await call(
      'GET',
      apiUrl(`${consoleBase()}/speaker-invitations`, { speaker_id: speakerIds[4] }),
      organiser,
    );
    expect((list.json() as { items: ConsoleSpeakerInvitation[] }).items[0]?.status).toBe('expired');

    // Resending gives a new link with 14 more days; the old one answers 410 from then on (§8).
    const resent = await call(
      'POST',
      apiUrl(`${consoleBase()}/speaker-invitations/${created._id.$id}/resend`),
      organiser,
      {},
    );
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = resent.json() as CreatedSpeakerInvitation;
    expect(fresh.status).toBe('pending');
    expect((await call('GET', apiUrl(`/speaker/invitations/${tokenOf(fresh.link)}`), null)).statusCode).toBe(
      200,
    );
    const old = await call('GET', apiUrl(`/speaker/invitations/${token}`), null);
    expect(old.statusCode).toBe(410);
    expect(old.json().code).toBe('speaker_invitation.expired');
    expect((await call('POST', apiUrl(`/speaker/invitations/${token}/accept`), late)).statusCode).toBe(410);
    // A second resend replaces the fresh one too; the first link still answers 410.
    const again = await call(
      'POST',
      apiUrl(`${consoleBase()}/speaker-invitations/${fresh._id.$id}/resend`),
      organiser,
      { lang: 'zh' },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('GET', apiUrl(`/speaker/invitations/${tokenOf(fresh.link)}`), null)).statusCode).toBe(
      410,
    );
    expect((await call('GET', apiUrl(`/speaker/invitations/${token}`), null)).statusCode).toBe(410);
    const accepted = await call(
      'POST',
      apiUrl(`/speaker/invitations/${tokenOf((again.json() as CreatedSpeakerInvitation).link)}/accept`),
      late,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const badLang = await call(
      'POST',
      apiUrl(`${consoleBase()}/speaker-invitations/${created._id.$id}/resend`),
      organiser,
      { lang: 'klingon' },
    );
    expect(badLang.statusCode).toBe(400);
  });

  it('a revoked link answers 410 at once; revoking twice is 409; others cannot revoke', async () => {
    const revokedPerson = await newPerson(world.t, meetingId, { email: 'revoked@example.org' });
    const res = await invite(speakerIds[5] as string, { email: 'revoked@example.org' });
    const created = res.json() as CreatedSpeakerInvitation;
    const url = apiUrl(`${consoleBase()}/speaker-invitations/${created._id.$id}`);
    expect((await call('DELETE', url, stranger)).statusCode).toBe(403);
    const revoked = await call('DELETE', url, organiser);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((revoked.json() as ConsoleSpeakerInvitation).status).toBe('revoked');
    const token = tokenOf(created.link);
    expect((await call('GET', apiUrl(`/speaker/invitations/${token}`), null)).statusCode).toBe(410);
    expect(
      (await call('POST', apiUrl(`/speaker/invitations/${token}/accept`), revokedPerson)).statusCode,
    ).toBe(410);
    expect((await call('DELETE', url, organiser)).statusCode).toBe(409);
    expect((await call('POST', `${url}/resend`, organiser, {})).statusCode).toBe(409);
  });

  it('a new invitation of the same speaker revokes the pending one', async () => {
    const speakerId = speakerIds[1] as string;
    const first = (await invite(speakerId, { email: 'one@example.org' })).json() as CreatedSpeakerInvitation;
    const second = await invite(speakerId, { email: 'two@example.org' });
    expect(second.statusCode).toBe(200);
    expect((await call('GET', apiUrl(`/speaker/invitations/${tokenOf(first.link)}`), null)).statusCode).toBe(
      410,
    );
  });
});

describe('lock order (speaker, then invitation)', () => {
  it('answering while the speaker is invited again never deadlocks: one of the two wins', async () => {
    // On PostgreSQL (DATABASE_URL) the two run side by side: an answer that locked the invitation
    // before the speaker met a new invitation holding the speaker and revoking that invitation, and
    // one of them failed with a deadlock (500). PGlite runs them one after the other.
    const racer = await newPerson(world.t, meetingId, { email: 'racer@example.org' });
    const speakerId = speakerIds[2] as string;
    for (let round = 0; round < 15; round++) {
      await world.t.database.db.update(speakers).set({ userId: null }).where(eq(speakers.id, speakerId));
      const pending = (
        await invite(speakerId, { email: 'racer@example.org' })
      ).json() as CreatedSpeakerInvitation;
      const [answer, again] = await Promise.all([
        call('POST', apiUrl(`/speaker/invitations/${tokenOf(pending.link)}/accept`), racer),
        invite(speakerId, { email: 'racer@example.org' }),
      ]);
      const outcome = [answer.statusCode, again.statusCode];
      expect([
        [200, 409],
        [410, 200],
      ]).toContainEqual(outcome);
    }
  });
});
