import { allLanguages } from '@app/domain';
import { z } from 'zod';
import { Flag, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The console's copilot area (DESIGN §7; §1 AI copilot; §3 exhibition.enable_copilot, copilot_*):
 * settings and limits, extra knowledge (FAQ entries), conversation review with "wrong answer" flags,
 * usage and cost per day. Settings and FAQ need the console action `copilot.settings` (owner,
 * organiser); review and usage `copilot.review` (owner, organiser, editor). Every write leaves one
 * audit row in its transaction.
 */

/** Error codes of this area. */
export const ConsoleCopilotError = {
  /** 409 the meeting already has the most FAQ entries (consoleCopilotLimits.faqs). */
  faqLimit: 'copilot.faq_limit',
} as const;

/** The limits of the console copilot's fields (§1 copilot; §9 limits on every field). */
export const consoleCopilotLimits = {
  name: 30,
  prologueTitle: 60,
  prologueDescription: 300,
  prologueQuestions: 6,
  prologueQuestion: 100,
  userDailyRequestsMax: 10_000,
  meetingDailyTokensMax: 1_000_000_000,
  /** Micro-units of the currency per million tokens (10 000 units per million tokens at most). */
  priceMicrosMax: 10_000_000_000,
  contact: 200,
  faqQuestion: 200,
  faqAnswer: 2_000,
  /** FAQ entries per meeting. */
  faqs: 500,
  flagNote: 500,
  search: 100,
  pageSizeMax: 100,
  /** Days one usage query may span. */
  usageDays: 366,
} as const;

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const ItemParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
const FlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);
/** One of the supported languages (zh, en, ja …; the enum lists them for the OpenAPI document). */
const LanguageInput = z.enum(allLanguages);
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((value) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
  }, 'a real date');
const limits = consoleCopilotLimits;

/** Whether the server has an AI provider (AI_BASE_URL) and what it can do; read only. */
export const ConsoleCopilotProvider = z.object({
  configured: Flag,
  /** The chat model (AI_MODEL), '' when no provider is configured. */
  model: z.string(),
  /** 1 when speech-to-text is configured (AI_STT_MODEL): live subtitles can run. */
  can_transcribe: Flag,
});
export type ConsoleCopilotProvider = z.infer<typeof ConsoleCopilotProvider>;

export const ConsoleCopilotSettings = z.object({
  /** meetings.exhibition (§3). */
  enable_copilot: Flag,
  copilot_name: z.string(),
  copilot_prologue_title: z.string(),
  copilot_prologue_description: z.string(),
  copilot_prologue_questions: z.array(z.string()),
  /** copilot_settings: questions per asker and UTC day. */
  user_daily_requests: z.number().int(),
  /** Model tokens per meeting and UTC day; past it the built-in assistant answers. */
  meeting_daily_tokens: z.number().int(),
  /** Micro-units of `currency` per million prompt tokens. */
  input_price_micros: z.number().int(),
  /** Micro-units of `currency` per million completion tokens. */
  output_price_micros: z.number().int(),
  /** ISO 4217 code. */
  currency: z.string(),
  /** What "I can't answer that here" points to; '' = the meeting's contact page. */
  contact: z.string(),
  provider: ConsoleCopilotProvider,
  /** Last save of the limits (unix seconds), null before the first. */
  updated_at: UnixSeconds.nullable(),
});
export type ConsoleCopilotSettings = z.infer<typeof ConsoleCopilotSettings>;

/** A partial update: absent fields keep their value (the provider is read only). */
export const ConsoleCopilotSettingsInput = z.strictObject({
  enable_copilot: FlagInput.optional(),
  copilot_name: z.string().trim().max(limits.name).optional(),
  copilot_prologue_title: z.string().trim().max(limits.prologueTitle).optional(),
  copilot_prologue_description: z.string().trim().max(limits.prologueDescription).optional(),
  copilot_prologue_questions: z
    .array(z.string().trim().min(1).max(limits.prologueQuestion))
    .max(limits.prologueQuestions)
    .optional(),
  user_daily_requests: z.coerce.number().int().min(0).max(limits.userDailyRequestsMax).optional(),
  meeting_daily_tokens: z.coerce.number().int().min(0).max(limits.meetingDailyTokensMax).optional(),
  input_price_micros: z.coerce.number().int().min(0).max(limits.priceMicrosMax).optional(),
  output_price_micros: z.coerce.number().int().min(0).max(limits.priceMicrosMax).optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'an ISO 4217 currency code')
    .transform((value) => value.toUpperCase())
    .optional(),
  contact: z.string().trim().max(limits.contact).optional(),
});
export type ConsoleCopilotSettingsInput = z.infer<typeof ConsoleCopilotSettingsInput>;

export const getConsoleCopilotSettings = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/copilot/settings',
  summary:
    "The meeting's copilot: its texts (exhibition), limits, prices and contact (defaults before the first save), and the server's AI provider status. 403 no_permission (copilot.settings).",
  spec: '§1 copilot, §3 Meeting.exhibition, DESIGN §7, §8',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  response: ConsoleCopilotSettings,
});

export const updateConsoleCopilotSettings = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/copilot/settings',
  summary:
    'Saves part of the copilot settings (texts merge into exhibition, keeping its other keys). 400 validation_failed naming the field; 403 no_permission (copilot.settings).',
  spec: '§1 copilot, §3 Meeting.exhibition, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: ConsoleCopilotSettingsInput,
  response: ConsoleCopilotSettings,
});

/** One FAQ entry: the organiser's extra knowledge, cited as a 'faq' card. */
export const ConsoleCopilotFaq = z.object({
  _id: WireId,
  language: z.string(),
  question: z.string(),
  answer: z.string(),
  enabled: Flag,
  weight: z.number().int(),
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
});
export type ConsoleCopilotFaq = z.infer<typeof ConsoleCopilotFaq>;

export const ConsoleCopilotFaqFields = z.strictObject({
  language: LanguageInput,
  question: z.string().trim().min(1).max(limits.faqQuestion),
  answer: z.string().trim().min(1).max(limits.faqAnswer),
  enabled: FlagInput.optional(),
  weight: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
});
export type ConsoleCopilotFaqFields = z.infer<typeof ConsoleCopilotFaqFields>;

export const listConsoleCopilotFaqs = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/copilot/faqs',
  summary:
    "The meeting's FAQ entries, by weight (high first) then newest. 403 no_permission (copilot.settings).",
  spec: '§1 copilot, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ items: z.array(ConsoleCopilotFaq) }),
});

export const createConsoleCopilotFaq = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/copilot/faqs',
  summary: `Adds an FAQ entry. 400 validation_failed; 403 no_permission; 409 copilot.faq_limit (≤ ${limits.faqs} a meeting).`,
  spec: '§1 copilot, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: ConsoleCopilotFaqFields,
  response: ConsoleCopilotFaq,
});

export const updateConsoleCopilotFaq = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/copilot/faqs/:id',
  summary: 'Saves an FAQ entry. 400 validation_failed; 403 no_permission; 404 not_found.',
  spec: '§1 copilot, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ItemParams,
  body: ConsoleCopilotFaqFields,
  response: ConsoleCopilotFaq,
});

export const deleteConsoleCopilotFaq = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/copilot/faqs/:id',
  summary: 'Deletes an FAQ entry. 403 no_permission; 404 not_found.',
  spec: '§1 copilot, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ItemParams,
  response: z.object({ ok: z.literal(1) }),
});

/** A card of an answer as the review shows it (copilot_messages.cards). */
export const ConsoleCopilotCard = z.object({
  type: z.string(),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  extra: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ConsoleCopilotCard = z.infer<typeof ConsoleCopilotCard>;

/** A conversation in the review list. */
export const ConsoleCopilotConversation = z.object({
  _id: WireId,
  /** The first question, cut to 100 characters. */
  title: z.string(),
  /** The asker: the user's name, else their masked phone or e-mail; 'anonymous' for a device. */
  asker: z.string(),
  language: z.string(),
  message_count: z.number().int(),
  flagged_count: z.number().int(),
  /** 1 once the asker started a new conversation. */
  closed: Flag,
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
});
export type ConsoleCopilotConversation = z.infer<typeof ConsoleCopilotConversation>;

export const ConsoleCopilotMessage = z.object({
  _id: WireId,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  cards: z.array(ConsoleCopilotCard),
  /** 'model', 'builtin', or '' for a question. */
  engine: z.string(),
  state: z.enum(['done', 'failed', 'refused']),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  /** Milliseconds from the question to the first streamed token; null when none was streamed. */
  first_token_ms: z.number().int().nullable(),
  /** The asker's thumbs: 1, -1, 0. */
  rating: z.number().int(),
  flagged: Flag,
  flag_note: z.string(),
  flagged_at: UnixSeconds.nullable(),
  created_at: UnixSeconds,
});
export type ConsoleCopilotMessage = z.infer<typeof ConsoleCopilotMessage>;

export const ConsoleCopilotConversationDetail = ConsoleCopilotConversation.extend({
  messages: z.array(ConsoleCopilotMessage),
});
export type ConsoleCopilotConversationDetail = z.infer<typeof ConsoleCopilotConversationDetail>;

export const ConsoleCopilotConversationsQuery = z.object({
  /** 1: only conversations with a flagged answer. */
  flagged: FlagInput.optional(),
  /** Words of the title or of any message. */
  q: z.string().trim().max(limits.search).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  size: z.coerce.number().int().min(1).max(limits.pageSizeMax).optional(),
});

export const listConsoleCopilotConversations = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/copilot/conversations',
  summary:
    "The meeting's copilot conversations, last active first, 20 a page (size ≤ 100); flagged=1 only those with a flagged answer; q searches titles and messages. 403 no_permission (copilot.review).",
  spec: '§1 copilot, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  querystring: ConsoleCopilotConversationsQuery,
  response: z.object({
    items: z.array(ConsoleCopilotConversation),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});

export const getConsoleCopilotConversation = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/copilot/conversations/:id',
  summary:
    'One conversation with all its messages in order (cards, engine, state, tokens, first-token time, rating, flag). 403 no_permission (copilot.review); 404 not_found.',
  spec: '§1 copilot, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ItemParams,
  response: ConsoleCopilotConversationDetail,
});

export const ConsoleCopilotFlagInput = z.strictObject({
  flagged: FlagInput,
  note: z.string().trim().max(limits.flagNote).optional(),
});

export const flagConsoleCopilotMessage = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/copilot/messages/:id/flag',
  summary:
    "Flags an answer as wrong (flagged 1, with a note) or clears the flag; the conversation's flagged count follows atomically. 400 validation_failed (a question, not an answer); 403 no_permission (copilot.review); 404 not_found.",
  spec: '§1 copilot, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ItemParams,
  body: ConsoleCopilotFlagInput,
  response: ConsoleCopilotMessage,
});

/** Usage of one UTC day (or the totals): requests by engine, tokens, and their cost. */
export const ConsoleCopilotUsageFigures = z.object({
  requests: z.number().int(),
  model_requests: z.number().int(),
  builtin_requests: z.number().int(),
  failed_requests: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  /** Micro-units of `currency` at the current prices. */
  cost_micros: z.number().int(),
});
export type ConsoleCopilotUsageFigures = z.infer<typeof ConsoleCopilotUsageFigures>;

export const ConsoleCopilotUsage = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  input_price_micros: z.number().int(),
  output_price_micros: z.number().int(),
  /** Every day from `from` to `to` (days without use are zeros), oldest first. */
  days: z.array(ConsoleCopilotUsageFigures.extend({ day: z.string() })),
  totals: ConsoleCopilotUsageFigures,
});
export type ConsoleCopilotUsage = z.infer<typeof ConsoleCopilotUsage>;

export const getConsoleCopilotUsage = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/copilot/usage',
  summary: `Copilot usage per UTC day from \`from\` to \`to\` (YYYY-MM-DD, both included; default the last 30 days; ≤ ${limits.usageDays} days) with cost and totals. 400 validation_failed; 403 no_permission (copilot.review).`,
  spec: '§1 copilot, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  querystring: z.object({ from: Day.optional(), to: Day.optional() }),
  response: ConsoleCopilotUsage,
});
