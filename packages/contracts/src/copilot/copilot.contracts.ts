/**
 * The copilot assistant of a meeting (§1 AI copilot; §3 exhibition.enable_copilot, copilot_name,
 * copilot_prologue_*; §9 three default example questions): the asker's conversation, questions
 * answered as a server-sent event stream, cards citing the meeting's items, and the asker's rating.
 */
import { z } from 'zod';
import { Flag, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/** Limits of the copilot's public calls. */
export const copilotLimits = {
  /** Longest question, in characters (longer → 400 copilot.too_long naming the limit). */
  question: 1000,
  /** Longest body text the contract accepts at all (beyond it → 400 validation_failed). */
  questionHardMax: 20_000,
  /** Messages GET /copilot/conversation answers (the latest). */
  history: 100,
  /** Messages of the conversation the model reads with a question. */
  modelHistory: 6,
  /** A new question of one asker only this long after the previous one (ms). */
  burstMs: 2000,
} as const;

/** Card types (copilot.tables.ts CopilotCardRow): each opens an existing item by its route. */
export const copilotCardTypes = [
  'agenda',
  'speaker',
  'exhibitor',
  'product',
  'news',
  'document',
  'page',
  'activity',
  'slot',
  'user',
  'faq',
] as const;

/**
 * A card the answer cites: an existing item of the meeting. A 'slot' card (extra: start/end in unix
 * ms, exhibitor_id, enterprise_id) opens the exhibitor's appointment page — the copilot books nothing;
 * a 'page' card with extra.page 'home' is the meeting's home.
 */
export const CopilotCard = z.object({
  type: z.enum(copilotCardTypes),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  extra: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type CopilotCard = z.infer<typeof CopilotCard>;

export const CopilotEngine = z.enum(['model', 'builtin']);
export type CopilotEngine = z.infer<typeof CopilotEngine>;

/** One message of a conversation: the asker's question or an answer with its cards. */
export const CopilotMessage = z.object({
  _id: WireId,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  cards: z.array(CopilotCard),
  /** '' for a question. */
  engine: z.enum(['model', 'builtin', '']),
  /** 'failed': nothing could answer; 'refused': over a limit or off topic. */
  state: z.enum(['done', 'failed', 'refused']),
  /** The asker's thumbs: 1 helpful, -1 not, 0 none. */
  rating: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  created_at: UnixSeconds,
});
export type CopilotMessage = z.infer<typeof CopilotMessage>;

/** The assistant as the copilot screen shows it. */
export const CopilotAssistant = z.object({
  enabled: Flag,
  /** The meeting's copilot_name ('' → the catalogue's default name). */
  name: z.string(),
  /** 'model' when an AI provider is configured, else the built-in assistant. */
  engine: CopilotEngine,
});

export const CopilotConversation = z.object({
  conversation_id: WireId.nullable(),
  /** Oldest first, the latest 100. */
  messages: z.array(CopilotMessage),
  assistant: CopilotAssistant,
});
export type CopilotConversation = z.infer<typeof CopilotConversation>;

export const CopilotConversationQuerystring = z.object({ meeting_id: ObjectIdString });

export const getCopilotConversation = defineRoute({
  method: 'GET',
  path: '/copilot/conversation',
  summary:
    "The asker's current copilot conversation in a meeting (the asker: the logged-in user, else the device-id header) with the assistant's name and engine. 400 validation_failed without a user or device id; 404 not_found for an unknown meeting.",
  spec: '§1 AI copilot',
  tags: ['copilot'],
  isPublic: false,
  querystring: CopilotConversationQuerystring,
  response: CopilotConversation,
});

export const closeCopilotConversation = defineRoute({
  method: 'DELETE',
  path: '/copilot/conversation',
  summary:
    'Clears the asker\'s current conversation ("new conversation"): the next question starts another; the old one stays for the organiser\'s review. 400 validation_failed without a user or device id.',
  spec: '§1 AI copilot',
  tags: ['copilot'],
  isPublic: false,
  querystring: CopilotConversationQuerystring,
  response: z.object({ closed: z.number().int().nonnegative() }),
});

/** Body of POST /copilot/messages. */
export const AskCopilotBody = z.object({
  meeting_id: ObjectIdString,
  /** 1..1000 characters after trimming (copilotLimits.question). */
  content: z.string().min(1).max(copilotLimits.questionHardMax),
  /**
   * Continue this conversation of the asker (else the current one, or a new one). One the asker
   * already cleared (DELETE /copilot/conversation, e.g. in another tab) is not continued: the
   * question goes to the current conversation or a new one — `meta.conversation_id` names it.
   */
  conversation_id: ObjectIdString.optional(),
  /** The asker's language (ISO 639-1) for the answer; default the request's Accept-Language, else zh. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
    .optional(),
});
export type AskCopilotBody = z.infer<typeof AskCopilotBody>;

/**
 * Server-sent events of an answer (`event:` name, `data:` JSON), in order: one `meta`, `notice`s,
 * `delta`s of text, one `cards`, one `done`.
 */
export const CopilotMetaEvent = z.object({
  conversation_id: z.string(),
  question_id: z.string(),
  answer_id: z.string(),
  engine: CopilotEngine,
});
export const CopilotDeltaEvent = z.object({ text: z.string() });
export const CopilotCardsEvent = z.object({ cards: z.array(CopilotCard) });
/**
 * e.g. copilot.provider_unavailable (then the built-in answer follows). `reset: true`: drop the text
 * of the `delta`s received so far (a model answer cut short); the following deltas are the answer.
 * `done.content` is always the stored answer.
 */
export const CopilotNoticeEvent = z.object({
  code: z.string(),
  message: z.string(),
  reset: z.boolean().optional(),
});
export const CopilotDoneEvent = z.object({
  answer_id: z.string(),
  state: z.enum(['done', 'failed', 'refused']),
  engine: CopilotEngine,
  /** The final text (citation markers as [1]-style footnotes matching the cards' order). */
  content: z.string(),
  usage: z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int() }),
});
export type CopilotMetaEvent = z.infer<typeof CopilotMetaEvent>;
export type CopilotDeltaEvent = z.infer<typeof CopilotDeltaEvent>;
export type CopilotCardsEvent = z.infer<typeof CopilotCardsEvent>;
export type CopilotNoticeEvent = z.infer<typeof CopilotNoticeEvent>;
export type CopilotDoneEvent = z.infer<typeof CopilotDoneEvent>;
export const copilotEventNames = ['meta', 'delta', 'cards', 'notice', 'done'] as const;
export type CopilotEventName = (typeof copilotEventNames)[number];

export const askCopilot = defineRoute({
  method: 'POST',
  path: '/copilot/messages',
  summary:
    "Asks the meeting's copilot: 200 text/event-stream of events meta, notice, delta, cards, done (see CopilotMetaEvent …). Refusals before the stream are JSON: 400 copilot.too_long (over 1000 characters), 400 validation_failed without a user or device id, 403 copilot.disabled, 404 not_found (meeting or conversation of another asker), 429 too_frequent 'Do not operate frequently!' with Retry-After (questions per client address, daily limit per asker, one question at a time, one per 2 s). A conversation_id the asker cleared gets the answer in the current (or a new) conversation, named by meta.conversation_id.",
  spec: '§1 AI copilot, §8, §9',
  tags: ['copilot'],
  isPublic: false,
  body: AskCopilotBody,
  response: z.string().describe('text/event-stream: `event: <name>` and `data: <JSON>` lines per event'),
  responseContentType: 'text/event-stream',
});

export const RateCopilotBody = z.object({ rating: z.union([z.literal(-1), z.literal(0), z.literal(1)]) });

export const rateCopilotMessage = defineRoute({
  method: 'PUT',
  path: '/copilot/messages/:id/rating',
  summary:
    "The asker's thumbs on one of their answers (1 helpful, -1 not, 0 none). 404 not_found for an answer not theirs; 400 validation_failed without a user or device id.",
  spec: '§1 AI copilot',
  tags: ['copilot'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: RateCopilotBody.extend({ meeting_id: ObjectIdString }),
  response: z.object({ _id: WireId, rating: z.union([z.literal(-1), z.literal(0), z.literal(1)]) }),
});
