import { routes } from '../lib/paths.ts';

/**
 * The meeting of the item a page shows (§2 "found … from the item"), used when the URL names no
 * meeting: an agenda item's, a speaker's or a product's meeting (a product shown at every meeting of
 * its enterprise names none). The fetchers load only then: most addresses name their meeting, and
 * the first script stays without them (DESIGN §10).
 */
async function agendaMeetingId(search: URLSearchParams): Promise<string | undefined> {
  const agendaId = search.get('agenda_id');
  if (!agendaId) return undefined;
  const { fetchAgenda } = await import('../features/agendas/api/get-agenda.ts');
  return (await fetchAgenda(agendaId))?.meeting_id.$id;
}

async function speakerMeetingId(search: URLSearchParams): Promise<string | undefined> {
  const speakerId = search.get('speaker_id');
  if (!speakerId) return undefined;
  const { fetchSpeakerMeetingId } = await import('../features/speakers/api/list-speakers.ts');
  return fetchSpeakerMeetingId(speakerId);
}

async function productMeetingId(search: URLSearchParams): Promise<string | undefined> {
  const productId = search.get('product_id');
  if (!productId) return undefined;
  const { fetchProduct } = await import('../features/products/api/get-product.ts');
  return (await fetchProduct(productId))?.meeting_id?.$id;
}

const resolvers: Partial<Record<string, (search: URLSearchParams) => Promise<string | undefined>>> = {
  [routes.agendaDetails]: agendaMeetingId,
  [routes.agendaSchedule]: agendaMeetingId,
  [routes.agendaAlias]: agendaMeetingId,
  [routes.speaker]: speakerMeetingId,
  [routes.product]: productMeetingId,
};

export function resolveItemMeetingId(pathname: string, search: URLSearchParams): Promise<string | undefined> {
  return resolvers[pathname]?.(search) ?? Promise.resolve(undefined);
}
