import { fetchAgenda } from '../features/agendas/api/get-agenda.ts';
import { fetchProduct } from '../features/products/api/get-product.ts';
import { fetchSpeakerMeetingId } from '../features/speakers/api/list-speakers.ts';
import { routes } from '../lib/paths.ts';

/**
 * The meeting of the item a page shows (§2 "found … from the item"), used when the URL names no
 * meeting: an agenda item's, a speaker's or a product's meeting (a product shown at every meeting of
 * its enterprise names none).
 */
async function agendaMeetingId(search: URLSearchParams): Promise<string | undefined> {
  const agendaId = search.get('agenda_id');
  const agenda = agendaId ? await fetchAgenda(agendaId) : null;
  return agenda?.meeting_id.$id;
}

async function speakerMeetingId(search: URLSearchParams): Promise<string | undefined> {
  const speakerId = search.get('speaker_id');
  return speakerId ? fetchSpeakerMeetingId(speakerId) : undefined;
}

async function productMeetingId(search: URLSearchParams): Promise<string | undefined> {
  const productId = search.get('product_id');
  const product = productId ? await fetchProduct(productId) : null;
  return product?.meeting_id?.$id;
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
