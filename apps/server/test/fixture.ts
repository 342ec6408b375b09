import type { Database } from '../src/db/client.ts';
import {
  agendaLives,
  agendaSpeakers,
  agendas,
  lives,
  rooms,
  tracks,
} from '../src/modules/agendas/agendas.tables.ts';
import { blocks } from '../src/modules/blocks/blocks.tables.ts';
import { categories } from '../src/modules/categories/categories.tables.ts';
import { meetings } from '../src/modules/meetings/meetings.tables.ts';
import { speakers } from '../src/modules/speakers/speakers.tables.ts';

/** Fixed ids so tests read clearly. */
export const ids = {
  meeting: 'aaaaaaaaaaaaaaaaaaaa0001',
  otherMeeting: 'aaaaaaaaaaaaaaaaaaaa0002',
  deletedMeeting: 'aaaaaaaaaaaaaaaaaaaa0003',
  roomA: 'bbbbbbbbbbbbbbbbbbbb0001',
  roomB: 'bbbbbbbbbbbbbbbbbbbb0002',
  track: 'cccccccccccccccccccc0001',
  agenda1: 'dddddddddddddddddddd0001',
  agenda2: 'dddddddddddddddddddd0002',
  agenda3: 'dddddddddddddddddddd0003',
  agendaHidden: 'dddddddddddddddddddd0004',
  agendaDeleted: 'dddddddddddddddddddd0005',
  agendaOther: 'dddddddddddddddddddd0006',
  speakerAda: 'eeeeeeeeeeeeeeeeeeee0001',
  speakerLin: 'eeeeeeeeeeeeeeeeeeee0002',
  speakerDeleted: 'eeeeeeeeeeeeeeeeeeee0003',
  speakerAdaTwin: 'eeeeeeeeeeeeeeeeeeee0004',
  userAda: 'ffffffffffffffffffff0001',
  liveShown: '111111111111111111110001',
  liveHidden: '111111111111111111110002',
  speakerCategory: '222222222222222222220001',
  blockV1: '333333333333333333330001',
  blockV2: '333333333333333333330002',
  blockV1b: '333333333333333333330003',
  missing: '999999999999999999999999',
};

const at = (iso: string) => new Date(iso);

/**
 * A small, complete meeting: two days in Europe/Berlin, two rooms, one track, five sessions (one hidden,
 * one deleted), speakers (one deleted, one linked to a user twice), lives (one hidden), 25 navigation
 * categories (more than the 20 a call may return), a speaker category, blocks in versions 1 and 2.
 */
export async function seedFixture(db: Database): Promise<void> {
  await db.insert(meetings).values([
    {
      id: ids.meeting,
      title: { en: 'Fixture Expo', zh: '测试博览会' },
      domain: 'expo.test',
      start: at('2030-05-01T07:00:00Z'),
      end: at('2030-05-02T18:00:00Z'),
      timeZone: 'Europe/Berlin',
      config: { language: { en: 1, zh: 1 }, theme_color: '#123456' },
      blockReleaseVersion: 1,
      blockDraftVersion: 2,
    },
    {
      id: ids.otherMeeting,
      title: 'Other Conference',
      domain: 'other.test',
      start: at('2031-01-01T00:00:00Z'),
      end: at('2031-01-02T00:00:00Z'),
    },
    {
      id: ids.deletedMeeting,
      title: 'Gone',
      start: at('2029-01-01T00:00:00Z'),
      end: at('2029-01-02T00:00:00Z'),
      deleted: 1,
    },
  ]);
  await db.insert(rooms).values([
    { id: ids.roomA, meetingId: ids.meeting, name: 'Hall A', position: 0 },
    { id: ids.roomB, meetingId: ids.meeting, name: 'Hall B', position: 1 },
  ]);
  await db
    .insert(tracks)
    .values([{ id: ids.track, meetingId: ids.meeting, name: 'Security', color: '#ff0000' }]);
  const session = (
    id: string,
    start: string,
    end: string,
    extra: Partial<typeof agendas.$inferInsert> = {},
  ) => ({
    id,
    meetingId: ids.meeting,
    guid: `guid-${id}`,
    title: { en: `Session ${id.slice(-1)}` },
    start: at(start),
    end: at(end),
    roomId: ids.roomA,
    ...extra,
  });
  await db.insert(agendas).values([
    session(ids.agenda1, '2030-05-01T08:00:00Z', '2030-05-01T09:00:00Z', {
      trackId: ids.track,
      title: { en: 'Opening', zh: '开幕式' },
      links: [{ url: 'https://example.org/slides', title: 'Slides', type: 'slides' }],
    }),
    session(ids.agenda2, '2030-05-01T10:00:00Z', '2030-05-01T11:00:00Z', {
      roomId: ids.roomB,
      type: 'workshop',
    }),
    session(ids.agenda3, '2030-05-02T08:00:00Z', '2030-05-02T09:30:00Z', { title: { de: 'Nur Deutsch' } }),
    session(ids.agendaHidden, '2030-05-01T12:00:00Z', '2030-05-01T13:00:00Z', { enableShow: 0 }),
    session(ids.agendaDeleted, '2030-05-01T14:00:00Z', '2030-05-01T15:00:00Z', { deleted: 1 }),
    {
      id: ids.agendaOther,
      meetingId: ids.otherMeeting,
      guid: 'guid-other',
      title: 'Elsewhere',
      start: at('2031-01-01T09:00:00Z'),
      end: at('2031-01-01T10:00:00Z'),
    },
  ]);
  await db.insert(categories).values([
    ...Array.from({ length: 25 }, (_, i) => ({
      id: `44444444444444444444${String(i).padStart(4, '0')}`,
      meetingId: ids.meeting,
      type: 'navigation',
      title: { en: `Entry ${i}` },
      link: '/agenda',
      weight: i,
    })),
    { id: ids.speakerCategory, meetingId: ids.meeting, type: 'speaker', title: { en: 'Keynote' }, weight: 5 },
  ]);
  await db.insert(speakers).values([
    {
      id: ids.speakerAda,
      meetingId: ids.meeting,
      name: 'Ada Lovelace',
      workTitle: { en: 'Analyst', zh: '分析师' },
      company: 'Engines Ltd',
      userId: ids.userAda,
      weight: 10,
      categoryId: ids.speakerCategory,
    },
    {
      id: ids.speakerLin,
      meetingId: ids.meeting,
      name: 'Lin Wei 林伟',
      workTitle: '100%_Engineer',
      weight: 5,
    },
    { id: ids.speakerDeleted, meetingId: ids.meeting, name: 'Deleted Person', deleted: 1 },
    { id: ids.speakerAdaTwin, meetingId: ids.meeting, name: 'Ada L.', userId: ids.userAda },
  ]);
  await db.insert(agendaSpeakers).values([
    { agendaId: ids.agenda1, speakerId: ids.speakerLin, position: 0 },
    { agendaId: ids.agenda1, speakerId: ids.speakerAda, position: 1 },
    { agendaId: ids.agenda2, speakerId: ids.speakerAda, position: 0 },
    { agendaId: ids.agenda3, speakerId: ids.speakerAdaTwin, position: 0 },
    { agendaId: ids.agendaHidden, speakerId: ids.speakerAda, position: 0 },
    { agendaId: ids.agenda2, speakerId: ids.speakerDeleted, position: 1 },
  ]);
  await db.insert(lives).values([
    {
      id: ids.liveShown,
      meetingId: ids.meeting,
      title: 'Stream',
      start: at('2030-05-01T08:00:00Z'),
      end: at('2030-05-01T09:00:00Z'),
    },
    {
      id: ids.liveHidden,
      meetingId: ids.meeting,
      title: 'Hidden stream',
      start: at('2030-05-01T08:00:00Z'),
      end: at('2030-05-01T09:00:00Z'),
      enableShow: 0,
    },
  ]);
  await db.insert(agendaLives).values([
    { agendaId: ids.agenda1, liveId: ids.liveShown },
    { agendaId: ids.agenda1, liveId: ids.liveHidden },
  ]);
  await db.insert(blocks).values([
    {
      id: ids.blockV1,
      meetingId: ids.meeting,
      type: 'intro',
      title: 'Welcome',
      content: { en: 'Hello' },
      weight: 1,
      version: 1,
    },
    {
      id: ids.blockV1b,
      meetingId: ids.meeting,
      type: 'agenda',
      title: 'Next',
      weight: 9,
      version: 1,
      data: { limit: 3 },
    },
    { id: ids.blockV2, meetingId: ids.meeting, type: 'intro', title: 'Draft', weight: 1, version: 2 },
  ]);
}
