import {
  type ConsolePeopleQuerystring,
  type ConsolePerson,
  type DirectoryQuerystring,
  ErrorCode,
  type LocalizedText,
  type MeetingProfileSettings,
  type PersonCard,
  type PersonPage,
  peopleLimits,
  type Recommendation,
  type RecommendationReason,
  toWireId,
} from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import { hasApprovedTicket } from '../appointments/appointments.repository.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { connectionStates } from '../friends/friends.connections.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { moderateText, queueForReview } from '../moderation/moderation.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { csvField } from '../shared/csv.ts';
import { users } from '../users/users.tables.ts';
import { findMeetingProfile } from './participants.profiles.ts';
import {
  type ConsolePersonRow,
  countDirectory,
  type DirectoryFilter,
  findConsolePeople,
  findConsolePerson,
  findDirectoryPage,
  findPeople,
  findRecommendationCandidates,
  findSharedTitles,
  isMeetingIndustry,
  memberOfMeetingSql,
  type ProfileChanges,
  upsertProfile,
} from './participants.repository.ts';
import { toConsolePerson, toPersonCard, toPersonPage } from './participants.serializer.ts';

export type PeopleDeps = { db: Database; config: Config };

const participantRequired = () =>
  new AppError(
    403,
    ErrorCode.participantRequired,
    'Showing yourself in the people directory needs participant registration in this meeting',
  );

const industryInvalid = () =>
  new AppError(400, ErrorCode.validation, 'Not an industry of this meeting', [
    { path: 'body/industry_id', message: 'Not an industry of this meeting' },
  ]);

/** The session meeting (§2: everything meeting-scoped uses it). @throws 404 not_found without one. */
function sessionMeeting(meetingId: string | null): string {
  if (!meetingId) throw notFound('Meeting');
  return meetingId;
}

function directoryFilter(
  meetingId: string,
  query: Omit<DirectoryQuerystring, 'skip' | 'limit'>,
): DirectoryFilter {
  return {
    meetingId,
    industryId: query.industry_id,
    tag: query.tag,
    company: query.company || undefined,
    keyword: query.keyword || undefined,
  };
}

/**
 * GET /meeting/users (§2 /meeting/connection, §3 Exposure setting): one page (≤ 50, default 20) of the
 * session meeting's exposed people, newest profile first, each with the viewer's connection state.
 * Hidden people (exposure 0) are never listed; no contacts. @throws 404 not_found without a meeting.
 */
export async function listDirectory(
  deps: PeopleDeps,
  input: { viewerId: string; meetingId: string | null; query: DirectoryQuerystring },
): Promise<{ results: PersonCard[] }> {
  const meetingId = sessionMeeting(input.meetingId);
  const rows = await findDirectoryPage(deps.db, directoryFilter(meetingId, input.query), {
    skip: input.query.skip ?? 0,
    limit: input.query.limit ?? 20,
  });
  const states = await connectionStates(
    deps.db,
    input.viewerId,
    rows.map((row) => row.userId),
  );
  return { results: rows.map((row) => toPersonCard(row, states.get(row.userId) ?? 'none')) };
}

/** GET /meeting/users/count: `{ total }` of the directory with the same filters. */
export async function countDirectoryPeople(
  deps: PeopleDeps,
  input: { meetingId: string | null; query: Omit<DirectoryQuerystring, 'skip' | 'limit'> },
): Promise<{ total: number }> {
  const meetingId = sessionMeeting(input.meetingId);
  return { total: await countDirectory(deps.db, directoryFilter(meetingId, input.query)) };
}

/**
 * GET /meeting/users/{user_id} (§2 /meeting/user): the person's page in the session meeting. Contacts
 * only for self or connected friends (§6).
 * @throws 404 not_found for an unknown, deleted or disabled user, and for a hidden person (exposure 0,
 * or exposure 1 without an approved ticket any more) the viewer is not connected with and has no pending application with in either direction.
 */
export async function getPersonPage(
  deps: PeopleDeps,
  input: { viewerId: string; meetingId: string | null; userId: string },
): Promise<PersonPage> {
  const meetingId = sessionMeeting(input.meetingId);
  const [row] = await findPeople(deps.db, meetingId, [input.userId]);
  if (!row) throw notFound('User');
  const state = (await connectionStates(deps.db, input.viewerId, [row.userId])).get(row.userId) ?? 'none';
  // Shown only while exposed AND registered (§6), the directory's rule: exposure 1 kept after a
  // cancelled registration hides the person like exposure 0.
  const shown = row.exposure === 1 && row.participant;
  if (!shown && state === 'none') throw notFound('User');
  return toPersonPage(row, state);
}

/**
 * GET /meeting/users/exposure/{user_id} (§3 Exposure setting): `{exposure, card_exchange}` for
 * yourself, `{exposure}` for anyone else (defaults: hidden, cards allowed).
 */
export async function getExposure(
  deps: PeopleDeps,
  input: { viewerId: string; meetingId: string | null; userId: string },
): Promise<{ exposure: 0 | 1; card_exchange?: 0 | 1 }> {
  const meetingId = sessionMeeting(input.meetingId);
  const profile = await findMeetingProfile(deps.db, meetingId, input.userId);
  const exposure = profile.exposure ? 1 : 0;
  if (input.userId !== input.viewerId) return { exposure };
  return { exposure, card_exchange: profile.cardExchange ? 1 : 0 };
}

/**
 * PUT /meeting/users/exposure (§3 Exposure setting, §6): sets your own exposure and card exchange
 * in the session meeting. @throws 403 participant.required when showing yourself (exposure 1)
 * without an approved ticket; nothing is stored then.
 */
export async function updateExposure(
  deps: PeopleDeps,
  input: { viewerId: string; meetingId: string | null; exposure?: 0 | 1; cardExchange?: 0 | 1 },
): Promise<{ exposure: 0 | 1; card_exchange: 0 | 1 }> {
  const meetingId = sessionMeeting(input.meetingId);
  if (input.exposure === 1 && !(await hasApprovedTicket(deps.db, input.viewerId, meetingId))) {
    throw participantRequired();
  }
  const changes: ProfileChanges = {};
  if (input.exposure !== undefined) changes.exposure = input.exposure;
  if (input.cardExchange !== undefined) changes.cardExchange = input.cardExchange;
  await upsertProfile(deps.db, meetingId, input.viewerId, changes);
  const profile = await findMeetingProfile(deps.db, meetingId, input.viewerId);
  return { exposure: profile.exposure ? 1 : 0, card_exchange: profile.cardExchange ? 1 : 0 };
}

async function profileSettings(
  deps: PeopleDeps,
  meetingId: string,
  userId: string,
): Promise<MeetingProfileSettings> {
  const [profile, isParticipant] = await Promise.all([
    findMeetingProfile(deps.db, meetingId, userId),
    hasApprovedTicket(deps.db, userId, meetingId),
  ]);
  return {
    meeting_id: toWireId(meetingId),
    exposure: profile.exposure ? 1 : 0,
    card_exchange: profile.cardExchange ? 1 : 0,
    tags: profile.tags,
    industry_id: profile.industryId ? toWireId(profile.industryId) : null,
    introduction: profile.introduction,
    membership_level: profile.membershipLevel,
    special_identity_label: profile.specialIdentity ? profile.specialIdentityLabel : '',
    is_participant: isParticipant ? 1 : 0,
  };
}

/** §5 sensitive content: the user's introduction and tags pass moderation like the rest of a profile. */
async function moderatePeopleTexts(deps: PeopleDeps, meetingId: string, userId: string, texts: string[]) {
  const outcome = await moderateText(deps, { meetingId, userId, kind: 'profile', texts });
  if (outcome.state === 'review') {
    await queueForReview(deps.db, {
      meetingId,
      kind: 'profile',
      targetId: userId,
      userId,
      category: outcome.category,
    });
  }
}

function requireSelf(viewerId: string, userId: string): void {
  if (viewerId !== userId) throw noPermission();
}

/**
 * GET /users/{id}/meetings/{meeting_id} (beyond spec): your own people settings in the meeting.
 * @throws 403 no_permission for another user, 404 not_found for an unknown meeting.
 */
export async function getProfileSettings(
  deps: PeopleDeps,
  input: { viewerId: string; userId: string; meetingId: string },
): Promise<MeetingProfileSettings> {
  requireSelf(input.viewerId, input.userId);
  if (!(await findLiveMeetingById(deps.db, input.meetingId))) throw notFound('Meeting');
  return profileSettings(deps, input.meetingId, input.userId);
}

/**
 * PUT /users/{id}/tag (§7 Users): replaces your tags in the session meeting (≤ 10 of ≤ 20
 * characters, duplicates dropped). @throws 403 no_permission for another user, 400 content.sensitive.
 */
export async function updateTags(
  deps: PeopleDeps,
  input: { viewerId: string; userId: string; meetingId: string | null; tags: string[] },
): Promise<MeetingProfileSettings> {
  requireSelf(input.viewerId, input.userId);
  const meetingId = sessionMeeting(input.meetingId);
  await moderatePeopleTexts(deps, meetingId, input.userId, input.tags);
  await upsertProfile(deps.db, meetingId, input.userId, { tags: input.tags });
  return profileSettings(deps, meetingId, input.userId);
}

/**
 * PUT /users/{id}/meetings/{meeting_id} (§7 Users): your industry (one of the meeting's industry
 * categories or null), introduction (≤ 500) and tags in that meeting.
 * @throws 403 no_permission for another user, 404 not_found for an unknown meeting, 400
 * validation_failed for another meeting's or an unknown industry, 400 content.sensitive.
 */
export async function updateMeetingProfile(
  deps: PeopleDeps,
  input: {
    viewerId: string;
    userId: string;
    meetingId: string;
    body: {
      industry_id?: string | null | undefined;
      introduction?: string | undefined;
      tags?: string[] | undefined;
    };
  },
): Promise<MeetingProfileSettings> {
  requireSelf(input.viewerId, input.userId);
  const { meetingId, body } = input;
  if (!(await findLiveMeetingById(deps.db, meetingId))) throw notFound('Meeting');
  if (body.industry_id && !(await isMeetingIndustry(deps.db, meetingId, body.industry_id))) {
    throw industryInvalid();
  }
  await moderatePeopleTexts(deps, meetingId, input.userId, [body.introduction ?? '', ...(body.tags ?? [])]);
  const changes: ProfileChanges = {};
  if (body.industry_id !== undefined) changes.industryId = body.industry_id;
  if (body.introduction !== undefined) changes.introduction = body.introduction;
  if (body.tags !== undefined) changes.tags = body.tags;
  await upsertProfile(deps.db, meetingId, input.userId, changes);
  return profileSettings(deps, meetingId, input.userId);
}

/**
 * GET /users/recommend (§1 recommendations and matching): up to `limit` (default 10, ≤ 20) people of
 * the session meeting to meet, best match first, each with its reasons — same industry, shared tags,
 * sessions both bookmarked ("both attend …"), activities both registered for, exhibitors both liked.
 * Never the viewer, their connected friends, nor hidden people (exposure 0); only people sharing
 * something.
 */
export async function recommendPeople(
  deps: PeopleDeps,
  input: { viewerId: string; meetingId: string | null; limit?: number | undefined },
): Promise<{ results: Recommendation[] }> {
  const meetingId = sessionMeeting(input.meetingId);
  const limit = Math.min(input.limit ?? 10, peopleLimits.recommendations);
  const me = await findMeetingProfile(deps.db, meetingId, input.viewerId);
  const candidates = await findRecommendationCandidates(deps.db, {
    meetingId,
    viewerId: input.viewerId,
    industryId: me.industryId,
    tags: me.tags,
    limit,
  });
  const ids = candidates.map((candidate) => candidate.userId);
  const [people, titles, states] = await Promise.all([
    findPeople(deps.db, meetingId, ids),
    findSharedTitles(deps.db, { meetingId, viewerId: input.viewerId, userIds: ids }),
    connectionStates(deps.db, input.viewerId, ids),
  ]);
  const byId = new Map(people.map((row) => [row.userId, row]));
  const results: Recommendation[] = [];
  for (const candidate of candidates) {
    const row = byId.get(candidate.userId);
    if (!row) continue;
    const shared = titles.get(candidate.userId) ?? {};
    const reasons: RecommendationReason[] = [];
    if (candidate.sameIndustry) {
      reasons.push({
        kind: 'industry',
        title: (row.industryTitle as LocalizedText) ?? null,
        tags: [],
        count: 1,
      });
    }
    if (candidate.sharedTags.length > 0) {
      reasons.push({
        kind: 'tags',
        title: null,
        tags: candidate.sharedTags,
        count: candidate.sharedTags.length,
      });
    }
    if (candidate.sessions > 0) {
      reasons.push({
        kind: 'session',
        title: (shared.session as LocalizedText) ?? null,
        tags: [],
        count: candidate.sessions,
      });
    }
    if (candidate.activities > 0) {
      reasons.push({
        kind: 'activity',
        title: (shared.activity as LocalizedText) ?? null,
        tags: [],
        count: candidate.activities,
      });
    }
    if (candidate.exhibitors > 0) {
      reasons.push({
        kind: 'exhibitor',
        title: (shared.exhibitor as LocalizedText) ?? null,
        tags: [],
        count: candidate.exhibitors,
      });
    }
    if (reasons.length === 0) continue;
    results.push({
      ...toPersonCard(row, states.get(row.userId) ?? 'none'),
      score: candidate.score,
      reasons,
    });
  }
  return { results };
}

// ————— Console —————

/**
 * GET /console/meetings/{meeting_id}/people (people.read): the meeting's participants (approved
 * ticket holders ∪ profile rows), newest first, with contacts (§6: organisers see them).
 * @throws 403 no_permission
 */
export async function listConsolePeople(
  deps: RolesDeps & { db: Database },
  input: { userId: string; meetingId: string; query: ConsolePeopleQuerystring },
): Promise<{ items: ConsolePerson[]; total: number }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'people.read' });
  const { rows, total } = await findConsolePeople(
    deps.db,
    {
      meetingId: input.meetingId,
      keyword: input.query.keyword || undefined,
      membershipLevel: input.query.membership_level,
      specialIdentity: input.query.special_identity,
      exposure: input.query.exposure,
    },
    { skip: input.query.skip ?? 0, limit: input.query.limit ?? 50 },
  );
  return { items: rows.map(toConsolePerson), total };
}

/**
 * PUT /console/meetings/{meeting_id}/people/{user_id} (people.manage, §3 membership levels, §6 special
 * identities): sets the level, special identity (and label) and tags; one audit row in the same
 * transaction. @throws 403 no_permission, 404 not_found for someone not among the meeting's people.
 */
export async function updateConsolePerson(
  deps: RolesDeps & { db: Database },
  input: {
    userId: string;
    meetingId: string;
    personId: string;
    body: {
      membership_level?: ConsolePerson['membership_level'] | undefined;
      special_identity?: 0 | 1 | undefined;
      special_identity_label?: string | undefined;
      tags?: string[] | undefined;
    };
  },
): Promise<ConsolePerson> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'people.manage' });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'people.manage',
      entity: 'meeting_user_profile',
      entityId: input.personId,
    },
    async (tx) => {
      const before = await findConsolePerson(tx, input.meetingId, input.personId);
      if (!before) throw notFound('Participant');
      const { body } = input;
      const changes: ProfileChanges = {};
      if (body.membership_level !== undefined) changes.membershipLevel = body.membership_level;
      if (body.special_identity !== undefined) changes.specialIdentity = body.special_identity;
      if (body.special_identity_label !== undefined)
        changes.specialIdentityLabel = body.special_identity_label;
      if (body.tags !== undefined) changes.tags = body.tags;
      await upsertProfile(tx, input.meetingId, input.personId, changes);
      const after = (await findConsolePerson(tx, input.meetingId, input.personId)) as ConsolePersonRow;
      const audit = (row: ConsolePersonRow) => ({
        membership_level: row.membershipLevel,
        special_identity: row.specialIdentity,
        special_identity_label: row.specialIdentityLabel,
        tags: row.tags,
      });
      return { result: toConsolePerson(after), before: audit(before), after: audit(after) };
    },
  );
}

/**
 * GET /console/meetings/{meeting_id}/people/export (people.read): the filtered participants as CSV
 * (UTF-8 with BOM, CRLF; formula-looking cells defused). @throws 403 no_permission
 */
export async function exportConsolePeopleCsv(
  deps: RolesDeps & { db: Database },
  input: { userId: string; meetingId: string; query: Omit<ConsolePeopleQuerystring, 'skip' | 'limit'> },
): Promise<string> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'people.read' });
  const { rows } = await findConsolePeople(
    deps.db,
    {
      meetingId: input.meetingId,
      keyword: input.query.keyword || undefined,
      membershipLevel: input.query.membership_level,
      specialIdentity: input.query.special_identity,
      exposure: input.query.exposure,
    },
    null,
  );
  const header = [
    'user_id',
    'username',
    'phone',
    'email',
    'work_title',
    'company',
    'participant',
    'exposure',
    'card_exchange',
    'membership_level',
    'special_identity',
    'special_identity_label',
    'tags',
    'joined',
  ];
  const lines = [header.join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.userId,
        row.username,
        row.phone ?? '',
        row.email ?? '',
        row.workTitle,
        row.workCompany,
        row.isParticipant ? '1' : '0',
        String(row.exposure),
        String(row.cardExchange),
        row.membershipLevel ?? '',
        String(row.specialIdentity),
        row.specialIdentityLabel,
        row.tags.join(' | '),
        row.joinedAt.toISOString(),
      ]
        .map((value) => csvField(value))
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// ————— GET /users for organisers —————

/** Whether the viewer holds people.read in the session meeting (organisers' GET /users filters). */
export async function mayFilterPeople(
  deps: RolesDeps,
  viewerId: string | null,
  meetingId: string | null,
): Promise<boolean> {
  if (!viewerId || !meetingId) return false;
  try {
    await requireCan(deps, { userId: viewerId, meetingId, action: 'people.read' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The SQL scope of an organiser's GET /users and /users/count (§7 Users): the session meeting's
 * people (approved ticket holders ∪ profile rows). @throws 403 no_permission without people.read there.
 */
export async function organiserUserScope(
  deps: RolesDeps,
  input: { viewerId: string | null; meetingId: string | null },
): Promise<SQL> {
  if (!input.viewerId || !input.meetingId) throw noPermission();
  await requireCan(deps, { userId: input.viewerId, meetingId: input.meetingId, action: 'people.read' });
  return memberOfMeetingSql(input.meetingId, users.id);
}
