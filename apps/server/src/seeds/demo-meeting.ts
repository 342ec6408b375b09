import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { createExhibitorAccount } from '../modules/auth/auth.service.ts';
import { importSchedule } from '../modules/schedule/schedule.service.ts';
import { serverRoot } from '../paths.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { seedDemoActivities } from './demo-activities.ts';
import { demoBlocks, demoMeeting, demoMeetingId, demoNavigation } from './demo-meeting.data.ts';
import { seedDemoSchedules } from './demo-schedules.ts';
import { countMeetings, insertDemoContent } from './seed.repository.ts';
import { seedExhibitors } from './seed-exhibitors.ts';

/** Generated exhibitors of the demo meeting (ten products each), enough to scroll and filter. */
export const demoExhibitorCount = 300;

/**
 * Seeds the demo meeting on an empty database: the meeting with its theme and languages, the real
 * Chaos Communication Camp 2019 programme (fixtures/camp2019.schedule.json, via the schedule
 * importer), home entries and blocks, {@link demoExhibitorCount} generated
 * exhibitors with ten products each and their industry and exhibitor-group categories (logos and
 * product images only when `storage` is given), and the exhibitor account `demo-exhibitor` /
 * `Exhibitor2019!` of the first generated enterprise (booth A1-001), and the demo activities with
 * their ticket types, forms and organiser staff (demo-activities.ts, dates relative to now), and that
 * account's bookable slots for the next days (demo-schedules.ts).
 * Does nothing when any meeting exists. All of it is one transaction: it is seeded whole or not at all.
 * @returns the meeting id and the number of sessions imported, or undefined when skipped
 */
export async function seedDemoMeeting(deps: {
  db: Database;
  storage?: Storage;
}): Promise<{ meetingId: string; sessions: number } | undefined> {
  if ((await countMeetings(deps.db)) > 0) return undefined;
  // One transaction: a seed that fails half way (storage down, a crash) leaves no half meeting
  // behind, and the next start seeds it again.
  return inTransaction(deps.db, async (db) => {
    const document = JSON.parse(
      await readFile(join(serverRoot(), 'fixtures', 'camp2019.schedule.json'), 'utf8'),
    );
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
    await seedDemoActivities(db);
    await seedDemoSchedules(db);
    return { meetingId: demoMeetingId, sessions: summary.sessions.created + summary.sessions.updated };
  });
}
