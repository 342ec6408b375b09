/**
 * The meeting of the item a page shows (§2 "found … from the item"), used when the URL names no
 * meeting: the page's item is named by its id parameter — an agenda item's, a speaker's, a
 * product's (a product shown at every meeting of its enterprise names none), an activity's (its
 * detail, form, success, group and participant pages) or an enterprise's (its page, invitation and
 * booking form; only when it exhibits at one meeting). The fetchers load only then: most addresses
 * name their meeting, and the first script stays without them (DESIGN §10).
 */
type ItemResolver = (id: string) => Promise<string | undefined>;

async function agendaMeetingId(agendaId: string): Promise<string | undefined> {
  const { fetchAgenda } = await import('../features/agendas/api/get-agenda.ts');
  return (await fetchAgenda(agendaId))?.meeting_id.$id;
}

async function speakerMeetingId(speakerId: string): Promise<string | undefined> {
  const { fetchSpeakerMeetingId } = await import('../features/speakers/api/list-speakers.ts');
  return fetchSpeakerMeetingId(speakerId);
}

async function productMeetingId(productId: string): Promise<string | undefined> {
  const { fetchProduct } = await import('../features/products/api/get-product.ts');
  return (await fetchProduct(productId))?.meeting_id?.$id;
}

async function activityMeetingId(activityId: string): Promise<string | undefined> {
  const { fetchActivityMeetingId } = await import('../features/activities/api/activities.ts');
  return fetchActivityMeetingId(activityId);
}

async function enterpriseMeetingId(enterpriseId: string): Promise<string | undefined> {
  const { fetchEnterpriseMeetingId } = await import('../features/enterprises/api/get-enterprise.ts');
  return fetchEnterpriseMeetingId(enterpriseId);
}

/** Item id parameters, the page's own item first (a booking form names an enterprise, not more). */
const resolvers: [parameter: string, resolve: ItemResolver][] = [
  ['agenda_id', agendaMeetingId],
  ['speaker_id', speakerMeetingId],
  ['product_id', productMeetingId],
  ['activity_id', activityMeetingId],
  ['enterprise_id', enterpriseMeetingId],
];

const isId = (value: string | null): value is string => value !== null && /^[0-9a-f]{24}$/.test(value);

/** The meeting of the item the address names by id (every page names its item by the same parameter). */
export function resolveItemMeetingId(search: URLSearchParams): Promise<string | undefined> {
  for (const [parameter, resolve] of resolvers) {
    const id = search.get(parameter);
    if (isId(id)) return resolve(id);
  }
  return Promise.resolve(undefined);
}
