import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { createExhibitorAccount } from '../modules/auth/auth.service.ts';
import { importSchedule } from '../modules/schedule/schedule.service.ts';
import { speakers } from '../modules/speakers/speakers.tables.ts';
import { serverRoot } from '../paths.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { seedDemoActivities } from './demo-activities.ts';
import { shiftScheduleDocument, shiftToComingWeeks } from './demo-dates.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { demoBlocks, demoMeeting, demoMeetingId, demoNavigation } from './demo-meeting.data.ts';
import { seedDemoNews } from './demo-news.ts';
import { seedDemoPages } from './demo-pages.ts';
import { seedDemoSchedules } from './demo-schedules.ts';
import { storeGeneratedImage } from './generated-images.ts';
import { countMeetings, insertDemoContent } from './seed.repository.ts';
import { seedExhibitors } from './seed-exhibitors.ts';

/**
 * Gives every speaker of a meeting without a photo a portrait drawn from their name
 * (generated-images.ts), stored like an upload. The programme file has no photos; a face per
 * speaker reads better than a row of grey placeholders.
 * @returns the number of speakers given one
 */
export async function addSpeakerPortraits(
  deps: { db: Database; storage: Storage },
  meetingId: string,
): Promise<number> {
  const rows = await deps.db
    .select({ id: speakers.id, name: speakers.name })
    .from(speakers)
    .where(and(eq(speakers.meetingId, meetingId), eq(speakers.photo, '')));
  for (const row of rows) {
    const photo = await storeGeneratedImage(deps, 'avatar', row.name);
    await deps.db.update(speakers).set({ photo }).where(eq(speakers.id, row.id));
  }
  return rows.length;
}

/** Generated exhibitors of the demo meeting (ten products each), enough to scroll and filter. */
export const demoExhibitorCount = 300;

/**
 * Seeds the demo meeting on an empty database: the meeting with its theme and languages, the real
 * Chaos Communication Camp 2019 programme (fixtures/camp2019.schedule.json, via the schedule
 * importer) moved by whole weeks into the coming weeks (demo-dates.ts: the first Wednesday at least
 * two weeks after `now`, each session on its weekday and time of day in Europe/Berlin), home entries
 * and blocks, {@link demoExhibitorCount} generated
 * exhibitors with ten products each and their industry and exhibitor-group categories (logos and
 * product images only when `storage` is given), and the exhibitor account `demo-exhibitor` /
 * `Exhibitor2019!` of the first generated enterprise (booth A1-001), and the demo activities with
 * their ticket types, forms and organiser staff (demo-activities.ts, inside the meeting's days,
 * registration open now), and that account's bookable slots on the meeting's first days
 * (demo-schedules.ts). `now` is the seed time (default the clock).
 * Does nothing when any meeting exists. All of it is one transaction: it is seeded whole or not at all.
 * @returns the meeting id and the number of sessions imported, or undefined when skipped
 */
export async function seedDemoMeeting(deps: {
  db: Database;
  storage?: Storage;
  now?: Date;
}): Promise<{ meetingId: string; sessions: number } | undefined> {
  const now = deps.now ?? new Date();
  if ((await countMeetings(deps.db)) > 0) return undefined;
  // One transaction: a seed that fails half way (storage down, a crash) leaves no half meeting
  // behind, and the next start seeds it again.
  return inTransaction(deps.db, async (db) => {
    const original = JSON.parse(
      await readFile(join(serverRoot(), 'fixtures', 'camp2019.schedule.json'), 'utf8'),
    );
    const zone: string = original.schedule.conference.time_zone_name;
    const weeks = shiftToComingWeeks(
      new Date(
        Temporal.PlainDate.from(original.schedule.conference.start).toZonedDateTime(zone).epochMilliseconds,
      ),
      now,
      zone,
    );
    const document = shiftScheduleDocument(original, weeks);
    const conference = document.schedule.conference;
    await insertDemoContent(db, {
      meeting: {
        id: demoMeetingId,
        ...demoMeeting,
        acronym: String(conference.acronym).toLowerCase(),
        timeZone: conference.time_zone_name,
        // Placeholder range; the importer sets it from the programme days.
        start: new Date(`${conference.start}T00:00:00Z`),
        end: new Date(`${conference.end}T23:59:59Z`),
      },
      navigation: demoNavigation,
      blocks: demoBlocks.map(({ useDescription, ...block }) => ({
        ...block,
        content: useDescription ? demoMeeting.description : '',
      })),
    });
    const summary = await importSchedule({ ...deps, db }, { document, meetingId: demoMeetingId });
    if (deps.storage) await addSpeakerPortraits({ db, storage: deps.storage }, demoMeetingId);
    const exhibitors = await seedExhibitors(
      { ...deps, db },
      { meetingId: demoMeetingId, count: demoExhibitorCount },
    );
    // An exhibitor account of the first generated enterprise, so whoever runs the demo can try the
    // exhibitor login and edit an enterprise.
    await createExhibitorAccount(
      { ...deps, db },
      {
        meetingId: demoMeetingId,
        account: 'demo-exhibitor',
        password: 'Exhibitor2019!',
        enterpriseId: exhibitors.firstEnterpriseId,
      },
    );
    await seedDemoActivities(db, now);
    await seedDemoSchedules(db, now);
    await seedDemoPages(db, demoMeetingId);
    await seedDemoNews({ db, storage: deps.storage }, demoMeetingId, now);
    await seedDemoDocuments({ db, storage: deps.storage }, demoMeetingId);
    return { meetingId: demoMeetingId, sessions: summary.sessions.created + summary.sessions.updated };
  });
}
