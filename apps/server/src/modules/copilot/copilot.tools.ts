import type { SearchItemType } from '@app/contracts';
import { wallClockText } from '@app/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { recommendPeople } from '../participants/participants.service.ts';
import {
  findAgendaSources,
  findDocumentSources,
  findExhibitorSources,
  findNewsSources,
  findProductPlacements,
  findSpeakerSources,
} from '../search/search.repository.ts';
import { indexWords } from '../search/search.segment.ts';
import { searchMeeting } from '../search/search.service.ts';
import {
  type CopilotMeetingRow,
  findCopilotMeeting,
  findEnabledFaqs,
  findFreeSlots,
  findRegistrationActivities,
  findUpcomingSessions,
} from './copilot.repository.ts';
import type { CopilotCardRow } from './copilot.tables.ts';

/**
 * The copilot's tools (§1 copilot): plain reads over the meeting's own data, shared by the model's
 * tool loop and the built-in assistant. Each answers items — a card (an existing item of the meeting,
 * opened by its route) plus `text`, data only (≤ 500 characters), which the model reads as a tool
 * result. Tools never write: a free slot is offered as a 'slot' card that opens the booking page.
 */

/** Who asks, where, and the dependencies the tools read with. */
export type ToolContext = {
  db: Database;
  config: Config;
  jobs?: JobQueue | undefined;
  meetingId: string;
  /** The asker's language (ISO 639-1, e.g. 'zh', 'en'): which text of a localized field to show. */
  language: string;
  /** The logged-in asker, or null (people_to_meet then answers nothing). */
  userId: string | null;
  /** The clock (tests); defaults to now. */
  now?: Date | undefined;
  /** The meeting when the caller read it already (saves a query). */
  meeting?: CopilotMeetingRow | undefined;
};

/** A card with the data the model (or the built-in assistant) reads. */
export type ToolItem = CopilotCardRow & { text: string };

/** Longest `text` of one item, in characters. */
export const toolTextLimit = 500;
/** Most items one tool call answers. */
export const toolItemLimit = 8;

type Localized = string | Record<string, string> | null | undefined;

/** The text of a localized value in `language`, else English, else Chinese, else any. */
export function pickText(value: Localized, language: string): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  return value[language] || value.en || value.zh || Object.values(value).find(Boolean) || '';
}

/** Drops tags and collapses spaces (descriptions may be rich text). */
function plain(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function clip(text: string, limit = toolTextLimit): string {
  const value = plain(text);
  return value.length <= limit ? value : `${value.slice(0, limit - 1)}…`;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A time as 'YYYY-MM-DD HH:mm' in an IANA zone (what the model reads and repeats). */
export function wallTime(value: Date | string, timeZone: string): string {
  return wallClockText(toDate(value), timeZone);
}

const isDay = (day: unknown): day is string => typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day);

/** The meeting row, read once per answer and kept on the context. */
const meetingCache = new WeakMap<ToolContext, Promise<CopilotMeetingRow | undefined>>();
function meetingOf(ctx: ToolContext): Promise<CopilotMeetingRow | undefined> {
  if (ctx.meeting) return Promise.resolve(ctx.meeting);
  let found = meetingCache.get(ctx);
  if (!found) {
    found = findCopilotMeeting(ctx.db, ctx.meetingId);
    meetingCache.set(ctx, found);
  }
  return found;
}

/** The search module's keyword limit (1..64 characters). */
function keywordOf(query: unknown): string {
  return typeof query === 'string' ? query.replace(/\s+/g, ' ').trim().slice(0, 64).trim() : '';
}

const searchTypes: readonly SearchItemType[] = [
  'agenda',
  'speaker',
  'exhibitor',
  'product',
  'news',
  'document',
];

/**
 * search_meeting: the meeting's visible sessions, speakers, exhibitors, products, news and documents
 * matching `query` (the search module's index, §2 /meeting/search), best first, with each item's
 * description as data. `types` narrows the kinds.
 */
export async function searchMeetingTool(
  ctx: ToolContext,
  args: { query: string; types?: SearchItemType[] | undefined },
): Promise<ToolItem[]> {
  const keyword = keywordOf(args.query);
  if (!keyword) return [];
  const types = (args.types ?? []).filter((type) => searchTypes.includes(type));
  const groups =
    types.length === 1
      ? await searchMeeting(
          { db: ctx.db, jobs: ctx.jobs },
          { meetingId: ctx.meetingId, keyword, type: types[0], limit: toolItemLimit },
        )
      : await searchMeeting({ db: ctx.db, jobs: ctx.jobs }, { meetingId: ctx.meetingId, keyword });
  const hits = groups
    .filter((group) => types.length === 0 || types.includes(group.type))
    .flatMap((group) => group.items);
  const picked = hits.slice(0, toolItemLimit);
  const idsOf = (type: SearchItemType) => picked.filter((hit) => hit.type === type).map((hit) => hit._id.$id);
  const [agendas, speakers, exhibitors, products, news, documents, meeting] = await Promise.all([
    findAgendaSources(ctx.db, idsOf('agenda')),
    findSpeakerSources(ctx.db, idsOf('speaker')),
    findExhibitorSources(ctx.db, idsOf('exhibitor')),
    findProductPlacements(ctx.db, idsOf('product'), ctx.meetingId),
    findNewsSources(ctx.db, idsOf('news')),
    findDocumentSources(ctx.db, idsOf('document')),
    meetingOf(ctx),
  ]);
  const zone = meeting?.timeZone ?? 'UTC';
  const lang = ctx.language;
  const texts = new Map<
    string,
    { text: string; subtitle?: string; extra?: Record<string, string | number> }
  >();
  for (const row of agendas) {
    const when = wallTime(row.start, zone);
    texts.set(`agenda:${row.id}`, {
      subtitle: [when, row.room].filter(Boolean).join(' · '),
      text: [
        `Time: ${when} (${zone})`,
        row.room ? `Room: ${row.room}` : '',
        row.speakers ? `Speakers: ${row.speakers}` : '',
        pickText(row.subtitle, lang),
        pickText(row.abstract, lang) || pickText(row.description, lang),
      ]
        .filter(Boolean)
        .join('. '),
      extra: { start: toDate(row.start).getTime() },
    });
  }
  for (const row of speakers) {
    const work = [pickText(row.workTitle, lang), pickText(row.company, lang)].filter(Boolean).join(', ');
    texts.set(`speaker:${row.id}`, {
      subtitle: work,
      text: [work, pickText(row.biography, lang)].join('. '),
    });
  }
  for (const row of exhibitors) {
    texts.set(`exhibitor:${row.id}`, {
      subtitle: row.booth ? `Booth ${row.booth}` : '',
      text: [row.booth ? `Booth: ${row.booth}` : '', pickText(row.description, lang)]
        .filter(Boolean)
        .join('. '),
      extra: { enterprise_id: row.enterpriseId },
    });
  }
  for (const row of products) {
    const maker = pickText(row.enterpriseTitle, lang);
    texts.set(`product:${row.id}`, {
      subtitle: maker,
      text: [maker ? `Made by: ${maker}` : '', pickText(row.description, lang)].filter(Boolean).join('. '),
      extra: { enterprise_id: row.enterpriseId },
    });
  }
  for (const row of news) {
    texts.set(`news:${row.id}`, { text: pickText(row.summary, lang) });
  }
  for (const row of documents) {
    texts.set(`document:${row.id}`, { subtitle: row.fileName, text: `File: ${row.fileName}` });
  }
  return picked.map((hit) => {
    const more = texts.get(`${hit.type}:${hit._id.$id}`);
    const extra: Record<string, string | number> = { ...(more?.extra ?? {}) };
    if (hit.parent_id) extra.parent_id = hit.parent_id.$id;
    return {
      type: hit.type,
      id: hit._id.$id,
      title: clip(pickText(hit.title, lang), 200),
      ...((more?.subtitle ?? pickText(hit.summary, lang))
        ? { subtitle: clip(more?.subtitle ?? pickText(hit.summary, lang), 200) }
        : {}),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
      text: clip(more?.text ?? pickText(hit.summary, lang)),
    };
  });
}

/** find_exhibitors: the meeting's exhibitors matching `query` (name, booth, description). */
export function findExhibitorsTool(ctx: ToolContext, args: { query: string }): Promise<ToolItem[]> {
  return searchMeetingTool(ctx, { query: args.query, types: ['exhibitor'] });
}

/** find_products: products shown at the meeting matching `query`, with their makers. */
export function findProductsTool(ctx: ToolContext, args: { query: string }): Promise<ToolItem[]> {
  return searchMeetingTool(ctx, { query: args.query, types: ['product'] });
}

/**
 * free_appointment_slots: an exhibitor's published slots still free (no applying or accepted request)
 * that start after now, soonest first, optionally on one `day` (YYYY-MM-DD in the meeting's zone).
 * Books nothing: each slot is a 'slot' card (extra: start/end unix ms, exhibitor_id, enterprise_id)
 * that opens the exhibitor's appointment page.
 */
export async function freeAppointmentSlotsTool(
  ctx: ToolContext,
  args: { exhibitor_id: string; day?: string | undefined },
): Promise<ToolItem[]> {
  if (typeof args.exhibitor_id !== 'string' || !/^[0-9a-f]{24}$/i.test(args.exhibitor_id)) return [];
  const meeting = await meetingOf(ctx);
  if (!meeting) return [];
  const rows = await findFreeSlots(ctx.db, {
    meetingId: ctx.meetingId,
    exhibitorId: args.exhibitor_id,
    ...(isDay(args.day) ? { day: args.day } : {}),
    timeZone: meeting.timeZone,
    now: ctx.now ?? new Date(),
    limit: toolItemLimit,
  });
  return rows.map((row) => {
    const from = wallTime(row.start, meeting.timeZone);
    const to = wallTime(row.end, meeting.timeZone).slice(11);
    const who = pickText(row.enterpriseTitle, ctx.language);
    return {
      type: 'slot',
      id: row.id,
      title: clip(who, 200),
      subtitle: `${from}–${to}`,
      extra: {
        start: toDate(row.start).getTime(),
        end: toDate(row.end).getTime(),
        exhibitor_id: row.exhibitorId,
        enterprise_id: row.enterpriseId,
      },
      text: clip(
        `Free appointment slot with ${who}: ${from}–${to} (${meeting.timeZone})${row.booth ? `, booth ${row.booth}` : ''}. Booking is done by the visitor on the exhibitor's appointment page.`,
      ),
    };
  });
}

/**
 * recommend_sessions: sessions about `topic` (the search index), else the next shown sessions not yet
 * ended; `day` (YYYY-MM-DD in the meeting's zone) narrows to one day.
 */
export async function recommendSessionsTool(
  ctx: ToolContext,
  args: { topic?: string | undefined; day?: string | undefined },
): Promise<ToolItem[]> {
  const topic = keywordOf(args.topic);
  const meeting = await meetingOf(ctx);
  if (!meeting) return [];
  if (topic) {
    const items = await searchMeetingTool(ctx, { query: topic, types: ['agenda'] });
    if (!isDay(args.day)) return items;
    return items.filter(
      (item) =>
        typeof item.extra?.start === 'number' &&
        wallTime(new Date(item.extra.start), meeting.timeZone).startsWith(args.day as string),
    );
  }
  const rows = await findUpcomingSessions(ctx.db, {
    meetingId: ctx.meetingId,
    ...(isDay(args.day) ? { day: args.day } : {}),
    timeZone: meeting.timeZone,
    now: ctx.now ?? new Date(),
    limit: toolItemLimit,
  });
  return rows.map((row) => {
    const when = wallTime(row.start, meeting.timeZone);
    return {
      type: 'agenda',
      id: row.id,
      title: clip(pickText(row.title, ctx.language), 200),
      subtitle: [when, row.room].filter(Boolean).join(' · '),
      extra: { start: toDate(row.start).getTime() },
      text: clip(
        [
          `Time: ${when}–${wallTime(row.end, meeting.timeZone).slice(11)} (${meeting.timeZone})`,
          row.room ? `Room: ${row.room}` : '',
          row.speakers ? `Speakers: ${row.speakers}` : '',
          pickText(row.subtitle, ctx.language),
          pickText(row.abstract, ctx.language),
        ]
          .filter(Boolean)
          .join('. '),
      ),
    };
  });
}

/**
 * people_to_meet: participants the logged-in asker might meet (the participants module's
 * recommendations: shared industry, tags, sessions, activities, exhibitors). Anonymous → [].
 */
export async function peopleToMeetTool(ctx: ToolContext, _args: Record<string, never>): Promise<ToolItem[]> {
  if (!ctx.userId) return [];
  const { results } = await recommendPeople(
    { db: ctx.db, config: ctx.config },
    { viewerId: ctx.userId, meetingId: ctx.meetingId, limit: 5 },
  );
  return results.map((person) => {
    const work = [person.work.title, person.work.company].filter(Boolean).join(', ');
    const reasons = person.reasons
      .map((reason) =>
        reason.kind === 'tags'
          ? `shared tags: ${reason.tags.join(', ')}`
          : `shared ${reason.kind}${reason.title ? `: ${pickText(reason.title, ctx.language)}` : ''}`,
      )
      .join('; ');
    return {
      type: 'user',
      id: person._id.$id,
      title: clip(person.username, 200),
      ...(work ? { subtitle: clip(work, 200) } : {}),
      text: clip([work, reasons].filter(Boolean).join('. ')),
    };
  });
}

/**
 * meeting_info: the meeting's dates, venue and description (a 'page' card of the meeting's home),
 * its registration activities (how to register: the activity's page), where tickets and invoices are
 * found, and the organiser's contact.
 */
export async function meetingInfoTool(ctx: ToolContext, _args: Record<string, never>): Promise<ToolItem[]> {
  const meeting = await meetingOf(ctx);
  if (!meeting) return [];
  const lang = ctx.language;
  const zone = meeting.timeZone;
  const dates = `${wallTime(meeting.start, zone).slice(0, 10)} – ${wallTime(meeting.end, zone).slice(0, 10)} (${zone})`;
  const venue = pickText(meeting.venue, lang);
  const items: ToolItem[] = [
    {
      type: 'page',
      id: meeting.id,
      title: clip(pickText(meeting.title, lang), 200),
      subtitle: [dates, venue].filter(Boolean).join(' · '),
      extra: { page: 'home' },
      text: clip(
        [
          `Dates: ${dates}`,
          venue ? `Venue: ${venue}` : '',
          'Tickets: after registering, the ticket is under My > Tickets; invoices are requested and found under My > Invoices',
          meeting.contact
            ? `Organiser contact: ${meeting.contact}`
            : "Organiser contact: the meeting's contact page",
          pickText(meeting.description, lang),
        ]
          .filter(Boolean)
          .join('. '),
      ),
    },
  ];
  const activities = await findRegistrationActivities(ctx.db, ctx.meetingId, 5);
  for (const row of activities) {
    const when = `${wallTime(row.start, zone)} – ${wallTime(row.end, zone)}`;
    items.push({
      type: 'activity',
      id: row.id,
      title: clip(pickText(row.title, lang), 200),
      subtitle: when,
      extra: { start: toDate(row.start).getTime() },
      text: clip(
        [
          `Registration activity: ${when} (${zone})`,
          pickText(row.address, lang) ? `Address: ${pickText(row.address, lang)}` : '',
          row.deadline ? `Registration deadline: ${wallTime(row.deadline, zone)}` : '',
          "Register on the activity's page",
        ]
          .filter(Boolean)
          .join('. '),
      ),
    });
  }
  return items;
}

/**
 * faq: the organiser's enabled FAQ entries sharing words with `query` (the search module's word cut,
 * so Chinese matches too), best first: words in common, the asker's language, then weight.
 */
export async function faqTool(ctx: ToolContext, args: { query: string }): Promise<ToolItem[]> {
  const query = typeof args.query === 'string' ? args.query.slice(0, 200) : '';
  const words = new Set(indexWords(query).split(' ').filter(Boolean));
  if (words.size === 0) return [];
  const rows = await findEnabledFaqs(ctx.db, ctx.meetingId, 500);
  const scored = rows
    .map((row) => {
      const own = new Set(indexWords(`${row.question} ${row.answer}`).split(' '));
      let score = 0;
      for (const word of words) if (own.has(word)) score += word.length > 1 ? 2 : 1;
      return { row, score: score + (score > 0 && row.language === ctx.language ? 1 : 0) };
    })
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score || b.row.weight - a.row.weight);
  return scored.slice(0, 3).map(({ row }) => ({
    type: 'faq',
    id: row.id,
    title: clip(row.question, 200),
    text: clip(`Q: ${row.question} A: ${row.answer}`),
  }));
}

/** The tools by the names the design and the model use (the built-in assistant calls these). */
export const tools = {
  search_meeting: searchMeetingTool,
  find_exhibitors: findExhibitorsTool,
  find_products: findProductsTool,
  free_appointment_slots: freeAppointmentSlotsTool,
  recommend_sessions: recommendSessionsTool,
  people_to_meet: peopleToMeetTool,
  meeting_info: meetingInfoTool,
  faq: faqTool,
} as const;

/** The tools as the model sees them (OpenAI function definitions), and how each runs. */
export type ToolDefinition = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  run: (ctx: ToolContext, args: Record<string, unknown>) => Promise<ToolItem[]>;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const optionalStr = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export const copilotTools: readonly ToolDefinition[] = [
  {
    name: 'search_meeting',
    description:
      "Search the meeting's sessions, speakers, exhibitors, products, news and documents by keywords.",
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Keywords, at most 64 characters' },
        types: { type: 'array', items: { type: 'string', enum: [...searchTypes] } },
      },
      required: ['query'],
    },
    run: (ctx, args) =>
      searchMeetingTool(ctx, {
        query: str(args.query),
        types: Array.isArray(args.types)
          ? (args.types.filter((type) => searchTypes.includes(type as SearchItemType)) as SearchItemType[])
          : undefined,
      }),
  },
  {
    name: 'find_exhibitors',
    description: "Find the meeting's exhibitors by name, booth or what they make.",
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    run: (ctx, args) => findExhibitorsTool(ctx, { query: str(args.query) }),
  },
  {
    name: 'find_products',
    description: 'Find products shown at the meeting.',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    run: (ctx, args) => findProductsTool(ctx, { query: str(args.query) }),
  },
  {
    name: 'free_appointment_slots',
    description:
      "List an exhibitor's free appointment slots (read only: the visitor books on the slot's card).",
    parameters: {
      type: 'object',
      properties: {
        exhibitor_id: { type: 'string', description: 'The exhibitor id from a find_exhibitors result' },
        day: { type: 'string', description: 'YYYY-MM-DD, optional' },
      },
      required: ['exhibitor_id'],
    },
    run: (ctx, args) =>
      freeAppointmentSlotsTool(ctx, { exhibitor_id: str(args.exhibitor_id), day: optionalStr(args.day) }),
  },
  {
    name: 'recommend_sessions',
    description: 'Recommend sessions about a topic, or the next sessions; optionally on one day.',
    parameters: {
      type: 'object',
      properties: { topic: { type: 'string' }, day: { type: 'string', description: 'YYYY-MM-DD' } },
    },
    run: (ctx, args) =>
      recommendSessionsTool(ctx, { topic: optionalStr(args.topic), day: optionalStr(args.day) }),
  },
  {
    name: 'people_to_meet',
    description: 'Participants the asker may want to meet (logged-in askers only).',
    parameters: { type: 'object', properties: {} },
    run: (ctx) => peopleToMeetTool(ctx, {}),
  },
  {
    name: 'meeting_info',
    description:
      "The meeting's dates, venue, registration activities, where tickets and invoices are, and the organiser's contact.",
    parameters: { type: 'object', properties: {} },
    run: (ctx) => meetingInfoTool(ctx, {}),
  },
  {
    name: 'faq',
    description: "The organiser's answers to frequent questions.",
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    run: (ctx, args) => faqTool(ctx, { query: str(args.query) }),
  },
];

/** The tool of this name, or undefined (a model may name one that does not exist). */
export function toolNamed(name: string): ToolDefinition | undefined {
  return copilotTools.find((tool) => tool.name === name);
}
