import { type ListParams, type ListQuery, limits, parseListQuery } from '@app/contracts';
import { AppError } from '../../errors.ts';

/**
 * Parses list parameters and folds the plain `meeting_id` parameter into the conditions. A list must
 * be scoped to a meeting or to ids (or to one of `alsoScopedBy`, e.g. the exhibitors of an enterprise).
 * @throws ListQueryError for a bad query; AppError 400 meeting_id_required when unscoped
 */
export function parseScopedQuery<F extends string>(
  spec: Parameters<typeof parseListQuery<F>>[0],
  input: ListParams & { meeting_id?: string | undefined },
  maxLimit: number = limits.maxList,
  alsoScopedBy: readonly F[] = [],
): ListQuery<F> {
  const query = parseListQuery(spec, input, maxLimit);
  if (input.meeting_id)
    query.conditions.push({ field: 'meeting_id' as F, op: '$eq', value: input.meeting_id });
  const scopes: readonly string[] = ['meeting_id', '_id', ...alsoScopedBy];
  const isScoped = query.conditions.some((c) => scopes.includes(c.field));
  if (!isScoped) {
    throw new AppError(400, 'meeting_id_required', 'meeting_id is required (in query or as a parameter)');
  }
  return query;
}
