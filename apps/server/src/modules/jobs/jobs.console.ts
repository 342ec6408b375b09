import type { FailedJob } from '@app/contracts';
import { unix } from '../../db/wire.ts';
import { type RolesDeps, requireAdmin } from '../roles/roles.service.ts';
import { listFailedJobs } from './jobs.repository.ts';

/** Keys of job data that may carry message texts or secrets (codes, links): never shown. */
const hiddenKeys = new Set([
  'text',
  'html',
  'subject',
  'templateParams',
  'code',
  'link',
  'token',
  'password',
]);

/** A copy of job data without message texts and secrets (see hiddenKeys), nested objects included. */
export function redactJobData(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactJobData(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !hiddenKeys.has(key))
      .map(([key, item]) => [key, redactJobData(item, depth + 1)]),
  );
}

/**
 * GET /console/jobs/failed (DESIGN §7, §9): jobs given up after their retries, newest first, at most
 * 200, optionally of one type, their data without texts or secrets.
 * @throws 403 no_permission (platform administrators only)
 */
export async function listFailedJobsForConsole(
  deps: RolesDeps,
  input: { userId: string; name?: string | undefined },
): Promise<FailedJob[]> {
  await requireAdmin(deps, input.userId);
  const jobs = await listFailedJobs(deps.db, { ...(input.name ? { name: input.name } : {}), limit: 200 });
  return jobs.map((job) => ({
    id: job.id,
    name: job.name,
    data: redactJobData(job.data),
    output: job.output,
    retry_count: job.retryCount,
    created: unix(job.createdAt),
    failed: job.failedAt ? unix(job.failedAt) : null,
  }));
}
