import type { FailedJob, listFailedJobs } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

export const failedJobsKey = ['console', 'failed-jobs'] as const;

/**
 * GET /console/jobs/failed: background jobs given up after their retries, newest first (at most 200),
 * their data without texts or secrets. 403 no_permission (administrators only).
 */
export const failedJobsQueryOptions = () =>
  queryOptions({
    queryKey: failedJobsKey,
    queryFn: () => api.list<FailedJob>(contractPath<typeof listFailedJobs>('/console/jobs/failed')),
  });
