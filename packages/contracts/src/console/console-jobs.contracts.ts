import { z } from 'zod';
import { resultsOf, UnixSeconds } from '../wire/common.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The console's failed-jobs page (DESIGN §7, §9): background jobs (SMS and mail delivery, reminders)
 * whose last retry failed, for platform administrators.
 */

/** One job given up after its retries. */
export const FailedJob = z.object({
  id: z.string(),
  /** Job type, e.g. 'messages-deliver'. */
  name: z.string(),
  /** The job's data with message texts and codes left out. */
  data: z.unknown(),
  /** What the last attempt threw: `{ message }`. */
  output: z.unknown(),
  /** Attempts after the first. */
  retry_count: z.number().int(),
  created: UnixSeconds,
  /** When it was given up; null when unknown. */
  failed: UnixSeconds.nullable(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const listFailedJobs = defineRoute({
  method: 'GET',
  path: '/console/jobs/failed',
  summary:
    'Jobs that failed for good, newest first (up to 200), optionally of one type. 403 no_permission (platform administrators only).',
  spec: 'DESIGN §7, §9',
  tags: ['console'],
  isPublic: false,
  querystring: z.object({ name: z.string().max(64).optional() }),
  response: resultsOf(FailedJob),
});
