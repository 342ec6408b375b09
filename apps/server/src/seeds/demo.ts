import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { drainSearchIndex, reindexSearch } from '../modules/search/search.service.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { seedDemoActivities } from './demo-activities.ts';
import { seedDemoConsole } from './demo-console.ts';
import { seedDemoCopilot } from './demo-copilot.ts';
import { seedDemoInvites } from './demo-invites.ts';
import { seedDemoLives } from './demo-lives.ts';
import { seedDemoMeeting } from './demo-meeting.ts';
import { seedDemoMicrosite } from './demo-microsite.ts';
import { seedDemoPeople } from './demo-people.ts';
import { seedDemoReception } from './demo-reception.ts';
import { seedDemoSchedules } from './demo-schedules.ts';
import { seedDemoVotes } from './demo-votes.ts';

/**
 * The demo data a server brings up at start (SEED_DEMO=1), logging what it did: the demo meeting on
 * an empty database (one transaction: all of it or none), the demo activities for a data folder made
 * before they existed, fresh bookable slots for the demo exhibitor whenever none is ahead, the demo
 * copilot (demo-copilot.ts), and the demo administrator of the console outside production; then
 * indexes what changed for /meeting/search.
 * Throws what a step throws; the caller decides whether that stops anything (start-up logs it and
 * serves the database as it is).
 */
export async function seedDemo(deps: {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  /** In production no demo administrator is granted (demo-console.ts). */
  isProduction?: boolean;
}): Promise<void> {
  const { db, log } = deps;
  const seeded = await seedDemoMeeting({ db, storage: deps.storage });
  if (seeded) log.info({ meetingId: seeded.meetingId, sessions: seeded.sessions }, 'seeded the demo meeting');
  else if ((await seedDemoActivities(db)) > 0) log.info('seeded the demo activities');
  const slots = await seedDemoSchedules(db);
  if (slots > 0) log.info({ slots }, 'published the demo exhibitor slots');
  const invites = await seedDemoInvites(db);
  if (invites > 0) log.info({ invites }, 'seeded the demo invitation visits');
  const demoPeople = await seedDemoPeople(db);
  if (demoPeople > 0) log.info({ people: demoPeople }, 'seeded the demo people');
  if (await seedDemoVotes(db)) log.info('seeded the demo vote');
  if (await seedDemoLives(db)) log.info('seeded the demo live');
  const guests = await seedDemoReception(db);
  if (guests > 0) log.info({ guests }, 'seeded the demo reception desk');
  const micrositePages = await seedDemoMicrosite({ db, storage: deps.storage });
  if (micrositePages > 0) log.info({ pages: micrositePages }, 'seeded the demo culture microsite');
  if (await seedDemoCopilot(db)) log.info('switched on the demo copilot');
  if (await seedDemoConsole(db, { isProduction: deps.isProduction ?? false })) {
    log.info('granted the demo platform administrator (phone 13900139009)');
  }
  // The demo rows' triggers marked them stale: a new demo meeting is indexed in one rebuild (which
  // consumes those marks), anything else changed meanwhile by a drain — now rather than at the first search.
  if (seeded) await reindexSearch({ db }, { meetingId: seeded.meetingId });
  else await drainSearchIndex({ db });
}
