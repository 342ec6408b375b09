import type { Enterprise, listEnterprises, updateEnterprise } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import type { RequestBody } from '../../../lib/api/client.ts';

/** The enterprise with this id from GET /enterprises (GET by `_id`: its first item), or null. */
export const useEnterpriseToEdit = (enterpriseId: string | undefined) =>
  useQuery({
    queryKey: ['enterprises', 'detail', enterpriseId ?? ''],
    queryFn: () =>
      api.one<Enterprise>(contractPath<typeof listEnterprises>('/enterprises'), {
        query: { _id: enterpriseId },
        limit: 1,
      }),
    enabled: enterpriseId !== undefined,
  });

/**
 * PUT /enterprises/{id}: the bound exhibitor edits its enterprise (§6). The body is form-encoded
 * with qs brackets for language maps (`title[zh]`), built by `localizedEntries`; only given fields
 * change. Fails with 403 no_permission when the caller is not bound to it, 400 email.invalid.
 */
export function saveEnterprise(enterpriseId: string, changes: RequestBody): Promise<Enterprise> {
  return api.put<Enterprise>(
    fillPath<typeof updateEnterprise>('/enterprises/:id', { id: enterpriseId }),
    changes,
  );
}
