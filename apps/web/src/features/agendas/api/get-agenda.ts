import type { Agenda, listAgendas } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/** GET /meeting/agendas by `_id` (with its shown lives, §7 with_lives=1): the session (first item), or null. */
export function fetchAgenda(agendaId: string): Promise<Agenda | null> {
  return api.one<Agenda>(contractPath<typeof listAgendas>('/meeting/agendas'), {
    query: { _id: agendaId },
    limit: 1,
    with_lives: 1,
  });
}

export const agendaQueryOptions = (agendaId: string) =>
  queryOptions({
    queryKey: ['agendas', 'detail', agendaId],
    queryFn: () => fetchAgenda(agendaId),
    staleTime: 60_000,
  });

export const useAgenda = (agendaId: string | undefined) =>
  useQuery({ ...agendaQueryOptions(agendaId ?? ''), enabled: agendaId !== undefined });
