import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { drainStaleItems } from '../search/search.indexer.ts';
import {
  findAgendaSources,
  findExhibitorSources,
  findNewsSources,
  findProductPlacements,
  findSpeakerSources,
} from '../search/search.repository.ts';
import { foldText, indexWords } from '../search/search.segment.ts';
import {
  type ContentPageRow,
  countWordDocuments,
  findContentPages,
  findIndexMatches,
  type IndexWord,
} from './copilot.builtin.repository.ts';
import {
  type BuiltinIntent,
  glossary,
  intentOf,
  intentTypeBoost,
  stopWords,
  type Wording,
  wordingOf,
} from './copilot.builtin.templates.ts';
import {
  type ActivityRow,
  type CopilotMeetingRow,
  type FaqRow,
  findCopilotMeeting,
  findEnabledFaqs,
  findRegistrationActivities,
} from './copilot.repository.ts';
import type { CopilotCardRow } from './copilot.tables.ts';
import { freeAppointmentSlotsTool, pickText, type ToolContext, wallTime } from './copilot.tools.ts';

/**
 * The built-in assistant (§1 copilot): answers from the meeting's own data without a model — when
 * none is configured, when the provider fails, or when the meeting's daily tokens are spent. Lexical
 * retrieval over the meeting search index (the search module's words: jieba for Chinese, folded
 * Latin words), the organiser's FAQ, the registration activities and the content pages, ranked by
 * word rarity (IDF) with the title counting double, then shaped by the question's intent
 * (copilot.builtin.templates.ts): when and where a session is, who speaks about something, which
 * exhibitors make something, an exhibitor's free slots (offered as cards: it books nothing), how to
 * register, where the ticket and the invoice are, the meeting's dates and venue, the organiser's
 * contact. Anything else gets an honest "I can't answer that here" with the organiser's contact.
 * Reads only; never writes.
 */

export type BuiltinDeps = { db: Database; config: Config; jobs?: JobQueue | undefined };

export type BuiltinAnswer = {
  /** The answer in the asker's language (Chinese wording for zh, English for every other language). */
  text: string;
  /** Existing items of the meeting the answer cites, most relevant first (at most 5). */
  cards: CopilotCardRow[];
  /** The template that answered ('session', 'slots', 'ticket' …), null for the honest refusal. */
  template: string | null;
};

/** Most cards one answer carries; the text describes the first three. */
const cardLimit = 5;
const describedLimit = 3;
/** Share of the question's word weight the best item must hold to be an answer (else: refusal). */
const minCoverage = 0.5;
/** Items within this share of the best score are kept. */
const keepShare = 0.45;

type Candidate = {
  card: CopilotCardRow;
  score: number;
  /** Weight of the question words the item holds. */
  covered: number;
  /** Whether its title holds a question word (an item matching only in its body is no answer alone). */
  titled: boolean;
  /** One line of the answer about this item. */
  line: string;
};

type QueryWord = IndexWord & {
  text: string;
  /** From the glossary (a Chinese word or its English): an alternative form, weightless when absent. */
  isGlossary?: boolean;
};

/** Plural 's' dropped from long Latin words: every query word matches as a prefix anyway. */
function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

const hanRun = /[\p{Script=Han}]+/gu;

/**
 * The content words of a question: folded Latin words (stop words dropped, plural 's' cut), jieba's
 * search cut of Chinese runs (one-character words and stop words dropped), and the English of
 * glossary words found in the question.
 */
export function questionWords(question: string): QueryWord[] {
  const folded = foldText(question);
  const words = new Map<string, QueryWord>();
  const addLatin = (raw: string, isGlossary = false) => {
    for (const part of raw.split(/[^\p{L}\p{N}]+/u)) {
      if (!part || stopWords.has(part) || (part.length < 2 && !/\d/.test(part))) continue;
      const lexeme = stem(part);
      words.set(lexeme, {
        lexeme,
        isPrefix: true,
        text: part,
        ...(lexeme !== part ? { exact: part } : {}),
        ...(isGlossary ? { isGlossary } : {}),
      });
    }
  };
  addLatin(folded.replace(hanRun, ' '));
  for (const run of folded.match(hanRun) ?? []) {
    for (const word of indexWords(run).split(' ')) {
      if ([...word].length < 2 || stopWords.has(word)) continue;
      words.set(word, { lexeme: word, isPrefix: false, text: word });
    }
  }
  for (const [key, english] of Object.entries(glossary)) {
    if (folded.includes(key)) {
      words.set(key, { lexeme: key, isPrefix: false, text: key, isGlossary: true });
      addLatin(english, true);
    }
  }
  return [...words.values()];
}

/** Words of a text as the matcher compares them (index cut; Latin words also without plural 's'). */
function wordSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of indexWords(text).split(' ')) {
    if (!word) continue;
    set.add(word);
    set.add(stem(word));
  }
  return set;
}

/** Whether a set of text words holds a query word (a Latin word as a prefix). */
function holds(words: Set<string>, word: QueryWord): boolean {
  if (words.has(word.lexeme)) return true;
  if (!word.isPrefix) return false;
  for (const candidate of words) if (candidate.startsWith(word.lexeme)) return true;
  return false;
}

function localizedText(value: unknown): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  return Object.values(value as Record<string, string>).join(' ');
}

type Context = {
  deps: BuiltinDeps;
  meeting: CopilotMeetingRow;
  language: string;
  wording: Wording;
  tool: ToolContext;
  words: QueryWord[];
  weights: number[];
  totalWeight: number;
  contactPage: ContentPageRow | undefined;
  pages: ContentPageRow[];
  faqs: FaqRow[];
  activities: ActivityRow[];
};

/** The organiser's contact: the copilot settings' contact, else the meeting's contact page. */
function contactOf(ctx: Context): string {
  return ctx.meeting.contact.trim() || ctx.wording.contactPage;
}

function pageCard(ctx: Context, page: ContentPageRow): CopilotCardRow {
  return {
    type: 'page',
    id: page.id,
    title: pickText(page.title, ctx.language),
    extra: { kind: page.kind },
  };
}

/** The meeting's home as a card (the tools' meeting_info card: dates and venue as its subtitle). */
function meetingCard(ctx: Context): CopilotCardRow {
  const zone = ctx.meeting.timeZone;
  return {
    type: 'page',
    id: ctx.meeting.id,
    title: pickText(ctx.meeting.title, ctx.language),
    subtitle: [datesOf(ctx.meeting), pickText(ctx.meeting.venue, ctx.language)].filter(Boolean).join(' · '),
    extra: { page: 'home', time_zone: zone },
  };
}

function datesOf(meeting: CopilotMeetingRow): string {
  const zone = meeting.timeZone;
  return `${wallTime(meeting.start, zone).slice(0, 10)} – ${wallTime(meeting.end, zone).slice(0, 10)} (${zone})`;
}

/** Score of an item holding these words; `titleWords` count double. */
function scoreWords(
  ctx: Context,
  words: Set<string>,
  titleWords?: Set<string>,
): { score: number; covered: number; titled: boolean } {
  let score = 0;
  let covered = 0;
  let titled = false;
  ctx.words.forEach((word, index) => {
    const weight = ctx.weights[index] ?? 0;
    if (holds(words, word)) {
      covered += weight;
      score += weight;
      if (titleWords && holds(titleWords, word)) {
        score += weight;
        titled = true;
      }
    }
  });
  return { score, covered, titled };
}

/** Items of the search index, with the details an answer line needs. */
async function indexCandidates(ctx: Context, types?: string[]): Promise<Candidate[]> {
  const usable = ctx.words
    .map((word, index) => ({ ...word, weight: ctx.weights[index] ?? 0 }))
    .filter((word) => word.weight > 0 && word.lexeme.replace(/[^\p{L}\p{N}]/gu, '') !== '');
  const rows = await findIndexMatches(ctx.deps.db, {
    meetingId: ctx.meeting.id,
    words: usable,
    types,
    limit: 24,
  });
  if (rows.length === 0) return [];
  const ids = (type: string) => rows.filter((row) => row.itemType === type).map((row) => row.itemId);
  const [agendas, speakers, exhibitors, products, news] = await Promise.all([
    findAgendaSources(ctx.deps.db, ids('agenda')),
    findSpeakerSources(ctx.deps.db, ids('speaker')),
    findExhibitorSources(ctx.deps.db, ids('exhibitor')),
    findProductPlacements(ctx.deps.db, ids('product'), ctx.meeting.id),
    findNewsSources(ctx.deps.db, ids('news')),
  ]);
  const zone = ctx.meeting.timeZone;
  const lang = ctx.language;
  const w = ctx.wording;
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((item) => [item.id, item]));
  const agendaById = byId(agendas);
  const speakerById = byId(speakers);
  const exhibitorById = byId(exhibitors);
  const productById = byId(products);
  const newsById = byId(news);
  const candidates: Candidate[] = [];
  for (const row of rows) {
    const title = pickText(row.title, lang).trim();
    // The SQL score counts title words twice; `covered` is the weight of the words the item holds.
    const base = { score: Number(row.score), covered: Number(row.covered), titled: Boolean(row.titled) };
    if (row.itemType === 'agenda') {
      const agenda = agendaById.get(row.itemId);
      if (!agenda) continue;
      const when = wallTime(agenda.start, zone);
      candidates.push({
        ...base,
        card: {
          type: 'agenda',
          id: row.itemId,
          title,
          subtitle: [when, agenda.room].filter(Boolean).join(' · '),
          extra: { start: new Date(agenda.start).getTime() },
        },
        line: w.session(title, `${when} (${zone})`, agenda.room ?? '', agenda.speakers ?? ''),
      });
    } else if (row.itemType === 'speaker') {
      const speaker = speakerById.get(row.itemId);
      if (!speaker) continue;
      const work = [pickText(speaker.workTitle, lang), pickText(speaker.company, lang)]
        .filter(Boolean)
        .join(', ');
      candidates.push({
        ...base,
        card: { type: 'speaker', id: row.itemId, title, ...(work ? { subtitle: work } : {}) },
        line: w.speaker(title, ''),
      });
    } else if (row.itemType === 'exhibitor') {
      const exhibitor = exhibitorById.get(row.itemId);
      if (!exhibitor) continue;
      candidates.push({
        ...base,
        card: {
          type: 'exhibitor',
          id: row.itemId,
          title,
          ...(exhibitor.booth ? { subtitle: exhibitor.booth } : {}),
          extra: { enterprise_id: exhibitor.enterpriseId },
        },
        line: w.exhibitor(title, exhibitor.booth),
      });
    } else if (row.itemType === 'product') {
      const product = productById.get(row.itemId);
      if (!product) continue;
      const maker = pickText(product.enterpriseTitle, lang);
      candidates.push({
        ...base,
        card: {
          type: 'product',
          id: row.itemId,
          title,
          ...(maker ? { subtitle: maker } : {}),
          extra: { enterprise_id: product.enterpriseId },
        },
        line: w.product(title, maker),
      });
    } else if (row.itemType === 'news') {
      const item = newsById.get(row.itemId);
      if (!item) continue;
      candidates.push({
        ...base,
        card: { type: 'news', id: row.itemId, title },
        line: w.news(title, pickText(item.summary, lang)),
      });
    } else if (row.itemType === 'document') {
      candidates.push({ ...base, card: { type: 'document', id: row.itemId, title }, line: w.page(title) });
    }
  }
  return candidates;
}

/**
 * The organiser's FAQ entries sharing words with the question (own language a little ahead); with
 * `intent`, also the entries whose own question has that intent (a ticket question → the ticket entry).
 */
function faqCandidates(ctx: Context, intent?: BuiltinIntent): Candidate[] {
  return ctx.faqs.flatMap((row) => {
    const words = scoreWords(ctx, wordSet(`${row.question} ${row.answer}`), wordSet(row.question));
    const isSameIntent = intent !== undefined && intentOf(row.question) === intent;
    const score = words.score + (isSameIntent ? ctx.totalWeight + 1 : 0);
    const covered = isSameIntent ? ctx.totalWeight : words.covered;
    if (score <= 0) return [];
    const sameLanguage = row.language === (ctx.language.startsWith('zh') ? 'zh' : ctx.language);
    return [
      {
        card: { type: 'faq' as const, id: row.id, title: row.question },
        score: score * (sameLanguage ? 1.2 : 1) + row.weight / 1000,
        covered,
        titled: words.titled || isSameIntent,
        line: ctx.wording.faq(row.question, row.answer),
      },
    ];
  });
}

/** Registration activities whose title or address shares words with the question. */
function activityCandidates(ctx: Context, all = false): Candidate[] {
  const zone = ctx.meeting.timeZone;
  return ctx.activities.flatMap((row) => {
    const titleWords = wordSet(localizedText(row.title));
    const { score, covered, titled } = scoreWords(
      ctx,
      new Set([...titleWords, ...wordSet(localizedText(row.address))]),
      titleWords,
    );
    if (score <= 0 && !all) return [];
    const title = pickText(row.title, ctx.language);
    const when = `${wallTime(row.start, zone)} – ${wallTime(row.end, zone).slice(11)} (${zone})`;
    return [
      {
        card: {
          type: 'activity' as const,
          id: row.id,
          title,
          subtitle: when,
          extra: { start: new Date(row.start).getTime() },
        },
        score,
        covered,
        titled,
        line: ctx.wording.activity(title, when, pickText(row.address, ctx.language)),
      },
    ];
  });
}

/** Content pages whose title shares words with the question. */
function pageCandidates(ctx: Context): Candidate[] {
  return ctx.pages.flatMap((page) => {
    const titleWords = wordSet(localizedText(page.title));
    const { score, covered, titled } = scoreWords(ctx, titleWords, titleWords);
    if (score <= 0) return [];
    const title = pickText(page.title, ctx.language);
    return [{ card: pageCard(ctx, page), score, covered, titled, line: ctx.wording.page(title) }];
  });
}

function rank(intent: BuiltinIntent, candidates: Candidate[]): Candidate[] {
  const boost = intentTypeBoost[intent];
  return candidates
    .map((candidate) => ({ ...candidate, score: candidate.score * (boost[candidate.card.type] ?? 1) }))
    .sort((a, b) => b.score - a.score);
}

function dedupe(cards: CopilotCardRow[]): CopilotCardRow[] {
  const seen = new Set<string>();
  return cards.filter((card) => {
    const key = `${card.type}:${card.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function answer(ctx: Context, template: string, lines: string[], cards: CopilotCardRow[]): BuiltinAnswer {
  return {
    text: lines.filter(Boolean).join(ctx.wording.separator),
    cards: dedupe(cards).slice(0, cardLimit),
    template,
  };
}

function refusal(ctx: Context): BuiltinAnswer {
  return {
    text: ctx.wording.cannot(contactOf(ctx)),
    cards: ctx.contactPage ? [pageCard(ctx, ctx.contactPage)] : [],
    template: null,
  };
}

/** All retrieval candidates of the question, ranked for its intent, with their coverage. */
async function retrieve(ctx: Context, intent: BuiltinIntent): Promise<Candidate[]> {
  const index = await indexCandidates(ctx);
  return rank(intent, [...index, ...faqCandidates(ctx), ...activityCandidates(ctx), ...pageCandidates(ctx)]);
}

/** A general answer: the best items (within a share of the best score) and one line for each. */
function listAnswer(
  ctx: Context,
  template: string,
  ranked: Candidate[],
  extra: string[] = [],
): BuiltinAnswer {
  const best = ranked[0];
  if (!best || best.covered < ctx.totalWeight * minCoverage) return refusal(ctx);
  // Only the body of items holding part of the question: too weak to answer.
  const isWeak = !ranked.slice(0, describedLimit).some((candidate) => candidate.titled);
  if (isWeak && best.covered < ctx.totalWeight * 0.99) return refusal(ctx);
  const kept = ranked.filter((candidate) => candidate.score >= best.score * keepShare).slice(0, cardLimit);
  const described = kept.slice(0, describedLimit);
  return answer(
    ctx,
    template,
    [ctx.wording.intro(described.length), ...described.map((candidate) => candidate.line), ...extra],
    kept.map((candidate) => candidate.card),
  );
}

async function slotsAnswer(ctx: Context): Promise<BuiltinAnswer | undefined> {
  const exhibitors = rank('slots', await indexCandidates(ctx, ['exhibitor']));
  const exhibitor = exhibitors[0];
  if (!exhibitor || exhibitor.covered < ctx.totalWeight * minCoverage) return undefined;
  const slots = await freeAppointmentSlotsTool(ctx.tool, { exhibitor_id: exhibitor.card.id });
  const w = ctx.wording;
  if (slots.length === 0) {
    return answer(ctx, 'slots', [w.noSlots(exhibitor.card.title)], [exhibitor.card]);
  }
  const listed = slots
    .slice(0, describedLimit)
    .map((slot) => slot.subtitle ?? '')
    .join(ctx.language.startsWith('zh') ? '；' : '; ');
  const cards = slots.slice(0, describedLimit).map(({ text: _text, ...card }) => card);
  return answer(
    ctx,
    'slots',
    [w.slotsOf(exhibitor.card.title, listed), w.slotHowTo],
    [...cards, exhibitor.card],
  );
}

/**
 * Answers one question with the built-in assistant.
 * @param input.meetingId the meeting asked about (24 hex)
 * @param input.question the asker's text (the caller enforces 1..1000 characters)
 * @param input.language the asker's language (ISO 639-1): Chinese wording for zh, English otherwise
 * @param input.actor the logged-in asker, if any (only read: the answer never writes)
 * @param input.now the clock for "free slots from now" (tests); default now
 * @returns the text, the cited cards (existing items of the meeting) and the template that answered
 *   (null for the refusal "I can't answer that here" with the organiser's contact). A missing
 *   meeting is answered with the refusal too.
 */
export async function answerBuiltin(
  deps: BuiltinDeps,
  input: {
    meetingId: string;
    question: string;
    language: string;
    actor?: { userId: string | null } | null | undefined;
    now?: Date | undefined;
  },
): Promise<BuiltinAnswer> {
  const wording = wordingOf(input.language);
  const meeting = await findCopilotMeeting(deps.db, input.meetingId);
  if (!meeting) return { text: wording.cannot(wording.contactPage), cards: [], template: null };
  // Reads what every committed write marked stale first, as a search does (search.service.ts).
  await drainStaleItems(deps.db, { meetingId: meeting.id, limit: 500 });
  const words = questionWords(input.question).filter(
    (word) => word.lexeme.replace(/[^\p{L}\p{N}]/gu, '') !== '',
  );
  const [{ total, counts }, pages, faqs, activities] = await Promise.all([
    countWordDocuments(deps.db, meeting.id, words),
    findContentPages(deps.db, meeting.id),
    findEnabledFaqs(deps.db, meeting.id, 500),
    findRegistrationActivities(deps.db, meeting.id, 50),
  ]);
  // Document frequency over the index and the FAQ, activities and pages the assistant also reads.
  const local = [
    ...faqs.map((row) => wordSet(`${row.question} ${row.answer}`)),
    ...activities.map((row) => wordSet(`${localizedText(row.title)} ${localizedText(row.address)}`)),
    ...pages.map((row) => wordSet(localizedText(row.title))),
  ];
  const documents = total + local.length;
  // IDF; a word no item holds weighs as much as the rarest, so a question about something the
  // meeting does not have is not answered by its other words — except a glossary form, which is
  // only an alternative to the word as asked.
  const rareWeight = Math.log(documents + 1);
  const weights = words.map((word, index) => {
    const count = (counts[index] ?? 0) + local.filter((set) => holds(set, word)).length;
    if (count === 0) return word.isGlossary ? 0 : rareWeight;
    return Math.log((documents + 1) / (count + 0.5));
  });
  const ctx: Context = {
    deps,
    meeting,
    language: input.language,
    wording,
    tool: {
      db: deps.db,
      config: deps.config,
      jobs: deps.jobs,
      meetingId: meeting.id,
      language: input.language,
      userId: input.actor?.userId ?? null,
      now: input.now,
    },
    words,
    weights,
    totalWeight: weights.reduce((sum, weight) => sum + weight, 0),
    contactPage: pages.find((page) => page.kind === 'contact'),
    pages,
    faqs,
    activities,
  };
  return answerWith(ctx, intentOf(input.question));
}

async function answerWith(ctx: Context, intent: BuiltinIntent): Promise<BuiltinAnswer> {
  const w = ctx.wording;
  const pageOf = (kind: string) => ctx.pages.find((page) => page.kind === kind);
  const pageCards = (...kinds: string[]) =>
    kinds.flatMap((kind) => {
      const page = pageOf(kind);
      return page ? [pageCard(ctx, page)] : [];
    });
  switch (intent) {
    case 'slots': {
      const slots = await slotsAnswer(ctx);
      if (slots) return slots;
      return listAnswer(ctx, 'search', await retrieve(ctx, 'exhibitor'));
    }
    case 'ticket':
    case 'invoice': {
      const faqs = rank(intent, faqCandidates(ctx, intent)).slice(0, 2);
      return answer(
        ctx,
        intent,
        [faqs[0]?.line ?? (intent === 'ticket' ? w.ticket : w.invoice)],
        [...faqs.map((faq) => faq.card), meetingCard(ctx)],
      );
    }
    case 'register': {
      const activities = rank('register', activityCandidates(ctx));
      const best = activities[0];
      if (best && best.covered >= ctx.totalWeight * minCoverage) {
        const kept = activities.filter((candidate) => candidate.score >= best.score * 0.8).slice(0, 3);
        return answer(
          ctx,
          'register',
          [...kept.map((candidate) => candidate.line), w.activityHowTo],
          kept.map((candidate) => candidate.card),
        );
      }
      const all = activityCandidates(ctx, true);
      if (all.length === 0) return listAnswer(ctx, 'search', await retrieve(ctx, 'register'));
      return answer(
        ctx,
        'register',
        [w.activityList, ...all.slice(0, describedLimit).map((candidate) => candidate.line), w.activityHowTo],
        all.map((candidate) => candidate.card),
      );
    }
    case 'contact': {
      const faqs = rank('contact', faqCandidates(ctx, 'contact'));
      return answer(
        ctx,
        'contact',
        [w.contact(contactOf(ctx))],
        [...pageCards('contact'), ...faqs.slice(0, 1).map((faq) => faq.card)],
      );
    }
    case 'dates':
    case 'venue': {
      const title = pickText(ctx.meeting.title, ctx.language);
      return answer(
        ctx,
        intent,
        [w.dates(title, datesOf(ctx.meeting), pickText(ctx.meeting.venue, ctx.language))],
        [...pageCards('introduction', intent === 'venue' ? 'branch' : 'conference'), meetingCard(ctx)],
      );
    }
    default:
      return listAnswer(ctx, intent, await retrieve(ctx, intent));
  }
}
