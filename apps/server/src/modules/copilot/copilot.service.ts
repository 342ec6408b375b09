import {
  type CopilotConversation,
  type CopilotEngine,
  type CopilotEventName,
  copilotLimits,
  ErrorCode,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound, tooFrequent } from '../../errors.ts';
import {
  type AiChatMessage,
  type AiProvider,
  AiProviderError,
  type AiToolCall,
} from '../../providers/ai/ai.provider.ts';
import { aiProviderOf } from '../../providers/ai/ai-provider-of.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { answerBuiltin } from './copilot.builtin.ts';
import {
  addModelTokens,
  countUsage,
  releaseAskerQuestion,
  takeAskerQuestion,
  utcDay,
} from './copilot.limits.ts';
import { chatMessages, citedRefs, systemPrompt, toolResultContent } from './copilot.prompt.ts';
import {
  type CopilotMeetingRow,
  closeConversations,
  findAskerConversation,
  findCopilotMeeting,
  findLastMessages,
  findOpenConversation,
  finishAnswer,
  insertConversation,
  insertQuestionAndAnswer,
  rateAnswer,
} from './copilot.repository.ts';
import { toWireCard, toWireMessage } from './copilot.serializer.ts';
import type { CopilotCardRow } from './copilot.tables.ts';
import { copilotTools, type ToolContext, type ToolItem, toolNamed } from './copilot.tools.ts';

/**
 * The copilot's answers (§1 AI copilot): the asker's conversation, a question answered by the model
 * (the configured AI provider with the tools of copilot.tools.ts) or by the built-in assistant, cards
 * only of items the tools produced, limits (copilot.limits.ts) and the asker's rating.
 */

/** The built-in assistant's entry (copilot.builtin.ts): an answer from retrieval and templates. */
export type BuiltinAnswer = (
  deps: { db: Database; config: Config; jobs?: JobQueue | undefined },
  input: { meetingId: string; question: string; language: string; actor?: { userId: string | null } },
) => Promise<{ text: string; cards: CopilotCardRow[]; template: string | null }>;

export type CopilotDeps = {
  db: Database;
  config: Config;
  jobs?: JobQueue | undefined;
  /** The chat provider; default aiProviderOf(config). `null` forces the built-in assistant. */
  provider?: AiProvider | null | undefined;
  /** The built-in assistant; default copilot.builtin.ts. */
  builtin?: BuiltinAnswer | undefined;
  /** The clock (tests). */
  now?: (() => Date) | undefined;
  /** No first token within this → the built-in answer (ms; default 15 000). */
  firstTokenMs?: number | undefined;
  /** One question per asker per this many ms (default 2000). */
  burstMs?: number | undefined;
};

/** Who asks: the logged-in user, else the device id header. */
export type CopilotActor = { userId: string | null; deviceId: string | null };

/** Rounds of tool calls before the model must answer. */
const toolRounds = 3;
/** Tool calls run per round; the model's further calls of that round read `[]` (no items). */
const maxCallsPerRound = 4;
/** Tool calls run per answer, all rounds together. */
const maxCallsPerAnswer = 8;
/** Items (refs) the tools may hand the model per answer; the rest are left out of tool results. */
const maxRefsPerAnswer = 24;
/** Completion tokens of one model call. */
const maxAnswerTokens = 800;
/** What a failed answer says when nothing could answer (§8 style). */
const failedMessage = { zh: '请求失败，请稍后再试。', en: 'Request failed, please try again later.' };
const providerNotice = {
  zh: '智能模型暂时不可用，以下为会议资料中的内置回答。',
  en: "The AI model is unavailable right now; here is the built-in answer from the meeting's data.",
};
const say = (texts: { zh: string; en: string }, language: string) =>
  language === 'zh' ? texts.zh : texts.en;

/**
 * The asker key (§1 copilot: kept per user): 'u:<user id>' when logged in, else 'd:<device id>'.
 * @throws 400 validation_failed without either
 */
export function askerKeyOf(actor: CopilotActor): string {
  if (actor.userId) return `u:${actor.userId}`;
  const device = actor.deviceId?.trim();
  if (!device) throw new AppError(400, ErrorCode.validation, 'device-id header or a login is required');
  return `d:${device.slice(0, 128)}`;
}

const providerOf = (deps: CopilotDeps): AiProvider | undefined =>
  deps.provider === null ? undefined : (deps.provider ?? aiProviderOf(deps.config));

const nowOf = (deps: CopilotDeps) => deps.now?.() ?? new Date();

/** The built-in assistant: the one given in deps (tests), else copilot.builtin.ts. */
function builtinOf(deps: CopilotDeps): BuiltinAnswer {
  return deps.builtin ?? answerBuiltin;
}

async function meetingOrThrow(db: Database, meetingId: string, day?: string): Promise<CopilotMeetingRow> {
  const meeting = await findCopilotMeeting(db, meetingId, day);
  if (!meeting) throw notFound('Meeting');
  return meeting;
}

const isEnabled = (meeting: CopilotMeetingRow) => Number(meeting.exhibition?.enable_copilot ?? 0) === 1;
const copilotNameOf = (meeting: CopilotMeetingRow) =>
  typeof meeting.exhibition?.copilot_name === 'string' ? meeting.exhibition.copilot_name : '';

/**
 * GET /copilot/conversation: the asker's current conversation (its latest 100 messages, oldest
 * first) and the assistant's name and engine.
 * @throws 400 validation_failed (no user, no device id); 404 not_found (meeting)
 */
export async function getConversation(
  deps: CopilotDeps,
  input: { meetingId: string; actor: CopilotActor },
): Promise<CopilotConversation> {
  const askerKey = askerKeyOf(input.actor);
  const meeting = await meetingOrThrow(deps.db, input.meetingId);
  const conversation = await findOpenConversation(deps.db, input.meetingId, askerKey);
  const messages = conversation
    ? await findLastMessages(deps.db, conversation.id, copilotLimits.history)
    : [];
  return {
    conversation_id: conversation ? { $id: conversation.id } : null,
    messages: messages.map(toWireMessage),
    assistant: {
      enabled: isEnabled(meeting) ? 1 : 0,
      name: copilotNameOf(meeting),
      engine: providerOf(deps) ? 'model' : 'builtin',
    },
  };
}

/**
 * DELETE /copilot/conversation: clears the asker's current conversation ("new conversation"); the
 * old one stays for the organiser's review. Answers how many were closed.
 * @throws 400 validation_failed (no user, no device id)
 */
export async function closeConversation(
  deps: CopilotDeps,
  input: { meetingId: string; actor: CopilotActor },
): Promise<{ closed: number }> {
  const askerKey = askerKeyOf(input.actor);
  return { closed: await closeConversations(deps.db, input.meetingId, askerKey) };
}

/**
 * PUT /copilot/messages/{id}/rating: the asker's thumbs on one of their answers.
 * @throws 404 not_found (no such answer of this asker); 400 validation_failed (no user, no device id)
 */
export async function rateMessage(
  deps: CopilotDeps,
  input: { meetingId: string; messageId: string; rating: -1 | 0 | 1; actor: CopilotActor },
): Promise<{ _id: { $id: string }; rating: -1 | 0 | 1 }> {
  const askerKey = askerKeyOf(input.actor);
  const isRated = await rateAnswer(deps.db, { ...input, askerKey });
  if (!isRated) throw notFound('Message');
  return { _id: { $id: input.messageId }, rating: input.rating };
}

/** A question accepted and stored, ready to be answered. */
export type PreparedQuestion = {
  meeting: CopilotMeetingRow;
  askerKey: string;
  actor: CopilotActor;
  language: string;
  question: string;
  conversationId: string;
  questionId: string;
  answerId: string;
  engine: CopilotEngine;
  /** The conversation's last messages before this question (oldest first). */
  history: { role: 'user' | 'assistant'; content: string }[];
  startedAt: number;
};

/** The asker's language: the body's, else the first of Accept-Language, else zh. */
export function languageOf(body: string | undefined, acceptLanguage: string | undefined): string {
  const raw = body || acceptLanguage?.split(',')[0]?.trim() || 'zh';
  return (raw.split(/[-_;]/)[0] ?? 'zh').toLowerCase().slice(0, 3) || 'zh';
}

/**
 * Checks and stores a question before any streaming (refusals are JSON 4xx): the question's length,
 * the meeting and its copilot switch, the conversation, the asker's limits (one SQL statement), then
 * the question with its answer placeholder ('failed', empty) in one transaction.
 * @throws 400 copilot.too_long (over 1000 characters, `details[0].max`), 400 validation_failed (empty,
 *   no user or device id); 403 copilot.disabled; 404 not_found (meeting, conversation); 429
 *   too_frequent with Retry-After (daily limit, one per 2 s, one in flight)
 */
export async function prepareQuestion(
  deps: CopilotDeps,
  input: {
    meetingId: string;
    content: string;
    conversationId?: string | undefined;
    language: string;
    actor: CopilotActor;
  },
): Promise<PreparedQuestion> {
  const startedAt = performance.now();
  const askerKey = askerKeyOf(input.actor);
  const question = input.content.trim();
  if (!question) {
    throw new AppError(400, ErrorCode.validation, 'content is required', [
      { path: 'body/content', message: 'required' },
    ]);
  }
  if ([...question].length > copilotLimits.question) {
    throw new AppError(400, ErrorCode.copilotTooLong, `at most ${copilotLimits.question} characters`, [
      {
        path: 'body/content',
        message: `at most ${copilotLimits.question} characters`,
        max: copilotLimits.question,
      },
    ]);
  }
  const now = nowOf(deps);
  const meeting = await meetingOrThrow(deps.db, input.meetingId, utcDay(now));
  if (!isEnabled(meeting)) throw new AppError(403, ErrorCode.copilotDisabled, 'The copilot is not enabled');
  const given = input.conversationId
    ? await findAskerConversation(deps.db, { id: input.conversationId, meetingId: meeting.id, askerKey })
    : undefined;
  if (input.conversationId && !given) throw notFound('Conversation');
  // A cleared conversation (another tab started a new one) is not continued: the question goes to the
  // asker's current conversation, or a new one; `meta.conversation_id` tells the client which.
  const continued = given && Number(given.closed) === 0 ? given : undefined;
  const taken = await takeAskerQuestion(deps.db, {
    meetingId: meeting.id,
    askerKey,
    dailyLimit: Number(meeting.userDailyRequests),
    burstMs: deps.burstMs ?? copilotLimits.burstMs,
    busyMs: deps.config.AI_TIMEOUT_MS + 15_000,
    now,
  });
  if (!taken.ok) throw tooFrequent(taken.retryAfterSeconds);
  try {
    const provider = providerOf(deps);
    // The day's tokens were read with the meeting: one query less before the first token.
    const isOverTokens = Number(meeting.tokensToday) >= Number(meeting.meetingDailyTokens);
    const engine: CopilotEngine = provider && !isOverTokens ? 'model' : 'builtin';
    const questionId = newId();
    const answerId = newId();
    const { conversationId, history } = await inTransaction(deps.db, async (tx) => {
      const open = continued ?? (await findOpenConversation(tx, meeting.id, askerKey));
      const id = open?.id ?? newId();
      if (!open) {
        await insertConversation(tx, {
          id,
          meetingId: meeting.id,
          askerKey,
          userId: input.actor.userId,
          language: input.language,
          title: question.slice(0, 100),
        });
      }
      const last = open ? await findLastMessages(tx, id, copilotLimits.modelHistory) : [];
      await insertQuestionAndAnswer(tx, {
        conversationId: id,
        meetingId: meeting.id,
        questionId,
        answerId,
        question,
        engine,
      });
      return {
        conversationId: id,
        history: last
          .filter((message) => message.state === 'done')
          .map((message) => ({ role: message.role, content: message.content })),
      };
    });
    return {
      meeting,
      askerKey,
      actor: input.actor,
      language: input.language,
      question,
      conversationId,
      questionId,
      answerId,
      engine,
      history,
      startedAt,
    };
  } catch (error) {
    await releaseAskerQuestion(deps.db, { meetingId: meeting.id, askerKey, now });
    throw error;
  }
}

/** Sends one server-sent event (the route writes it to the stream). */
export type Emit = (event: CopilotEventName, data: unknown) => void;

/** The finished answer, as stored. */
export type AnswerResult = {
  text: string;
  cards: CopilotCardRow[];
  engine: CopilotEngine;
  state: 'done' | 'failed';
  promptTokens: number;
  completionTokens: number;
  firstTokenMs: number | null;
};

/** A streaming rewriter of `[rN]` citations into `[1]` footnotes, holding back a marker cut in two. */
class CitationStream {
  private pending = '';
  readonly order: string[] = [];
  constructor(private readonly known: (ref: string) => boolean) {}
  /** The text of `delta` ready to show (citations rewritten; unknown refs dropped). */
  push(delta: string): string {
    this.pending += delta;
    const cut = this.pending.search(/ ?(?:\[r?\d{0,4})?$/);
    const ready = cut >= 0 ? this.pending.slice(0, cut) : this.pending;
    this.pending = cut >= 0 ? this.pending.slice(cut) : '';
    return this.rewrite(ready);
  }
  /** What is left at the end. */
  flush(): string {
    const rest = this.rewrite(this.pending);
    this.pending = '';
    return rest;
  }
  private rewrite(text: string): string {
    return text.replace(/ ?\[(r\d{1,4})\]/g, (_whole, ref: string) => {
      if (!this.known(ref)) return '';
      let at = this.order.indexOf(ref);
      if (at < 0) {
        this.order.push(ref);
        at = this.order.length - 1;
      }
      return ` [${at + 1}]`;
    });
  }
}

/** Why the model's answer stopped: the provider (fall back), or the asker went away (stop). */
class AnswerAborted extends Error {
  constructor(readonly reason: 'asker' | 'first_token' | 'timeout') {
    super(reason);
  }
}

/** Model tokens of one call (a round of the tool loop). */
export type RoundUsage = { promptTokens: number; completionTokens: number };

/** Characters per token of the estimate for a round cut before its usage chunk (§1 copilot limits). */
const charsPerToken = 4;

/** The estimated tokens of a round cut before the provider reported them: prompt and text / 4. */
function estimateUsage(messages: AiChatMessage[], roundText: string, calls: AiToolCall[]): RoundUsage {
  const promptChars = messages.reduce(
    (sum, message) =>
      sum +
      message.content.length +
      ('toolCalls' in message && message.toolCalls
        ? message.toolCalls.reduce((n, call) => n + call.name.length + call.arguments.length, 0)
        : 0),
    0,
  );
  const completionChars =
    roundText.length + calls.reduce((n, call) => n + call.name.length + call.arguments.length, 0);
  return {
    promptTokens: Math.ceil(promptChars / charsPerToken),
    completionTokens: Math.ceil(completionChars / charsPerToken),
  };
}

/**
 * The model's answer with the tool loop (≤ 3 rounds of calls, then an answer without tools; at most
 * 4 calls a round and 8 an answer run, at most 24 items reach the model): every tool result is a
 * `tool` message of JSON items with refs this answer assigned; only those refs become cards, in the
 * order the text cites them. Streams deltas through `emit` as they come. Each round's tokens go to
 * `onUsage` as soon as its usage chunk arrives; a round cut before it (the asker left, a time limit,
 * or the provider failed mid-stream) is counted with an estimate (characters / 4), so the meeting's
 * daily tokens see every call the provider may bill.
 * @throws AiProviderError / AnswerAborted (the caller falls back or stops), or what `onUsage` throws
 */
async function modelAnswer(
  deps: CopilotDeps,
  provider: AiProvider,
  prepared: PreparedQuestion,
  emit: Emit,
  signal: AbortSignal,
  onFirstToken: () => void,
  onUsage: (usage: RoundUsage) => Promise<void>,
): Promise<Omit<AnswerResult, 'engine' | 'state' | 'firstTokenMs' | 'promptTokens' | 'completionTokens'>> {
  const ctx: ToolContext = {
    db: deps.db,
    config: deps.config,
    jobs: deps.jobs,
    meetingId: prepared.meeting.id,
    language: prepared.language,
    userId: prepared.actor.userId,
    now: nowOf(deps),
    meeting: prepared.meeting,
  };
  const refs = new Map<string, ToolItem>();
  const messages: AiChatMessage[] = chatMessages({
    system: systemPrompt({
      language: prepared.language,
      copilotName: copilotNameOf(prepared.meeting),
      meetingTitle: pickTitle(prepared.meeting.title, prepared.language),
    }),
    history: prepared.history,
    question: prepared.question,
  });
  const tools = copilotTools.map(({ name, description, parameters }) => ({ name, description, parameters }));
  const citations = new CitationStream((ref) => refs.has(ref));
  let text = '';
  let callsRun = 0;
  for (let round = 0; round <= toolRounds; round++) {
    // Stopped (the asker left, a time limit): no further round is sent.
    if (signal.aborted) throw new AiProviderError('timeout', 'the answer was stopped');
    const calls: AiToolCall[] = [];
    let roundText = '';
    let isCounted = false;
    let hasChunk = false;
    try {
      for await (const chunk of provider.chatStream({
        messages,
        ...(round < toolRounds ? { tools } : {}),
        temperature: 0.2,
        maxTokens: maxAnswerTokens,
        signal,
      })) {
        hasChunk = true;
        if (chunk.type === 'delta') {
          if (!chunk.text) continue;
          onFirstToken();
          roundText += chunk.text;
          const ready = citations.push(chunk.text);
          if (ready) {
            text += ready;
            emit('delta', { text: ready });
          }
        } else if (chunk.type === 'tool_calls') {
          onFirstToken();
          calls.push(...chunk.calls);
        } else if (!signal.aborted || chunk.usage.promptTokens + chunk.usage.completionTokens > 0) {
          isCounted = true;
          await onUsage(chunk.usage);
        }
        // (An aborted stream may end quietly with no usage: it is estimated below.)
      }
    } finally {
      // Cut before its usage chunk: the provider had the prompt (we aborted, or it began answering).
      if (!isCounted && (signal.aborted || hasChunk)) {
        await onUsage(estimateUsage(messages, roundText, calls));
      }
    }
    if (calls.length === 0) break;
    messages.push({ role: 'assistant', content: roundText, toolCalls: calls });
    for (const [at, call] of calls.entries()) {
      // Past the caps the call reads no items: every call still gets its tool message.
      const isRun = at < maxCallsPerRound && callsRun < maxCallsPerAnswer && refs.size < maxRefsPerAnswer;
      if (isRun) callsRun++;
      const items = isRun ? (await runTool(ctx, call)).slice(0, maxRefsPerAnswer - refs.size) : [];
      const numbered = items.map((item) => {
        const ref = `r${refs.size + 1}`;
        refs.set(ref, item);
        return { ref, item };
      });
      messages.push({ role: 'tool', toolCallId: call.id, content: toolResultContent(numbered) });
    }
  }
  const rest = citations.flush();
  if (rest) {
    text += rest;
    emit('delta', { text: rest });
  }
  const cards = citations.order.flatMap((ref) => {
    const item = refs.get(ref);
    return item ? [cardOf(item)] : [];
  });
  return { text: text.trim(), cards };
}

/** Runs one tool call; a malformed or unknown call answers no items (the model reads `[]`). */
async function runTool(ctx: ToolContext, call: AiToolCall): Promise<ToolItem[]> {
  const tool = toolNamed(call.name);
  if (!tool) return [];
  let args: unknown;
  try {
    args = call.arguments ? JSON.parse(call.arguments) : {};
  } catch {
    return [];
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  try {
    return await tool.run(ctx, args as Record<string, unknown>);
  } catch (error) {
    if (error instanceof AppError) return [];
    throw error;
  }
}

/** A card from a tool item: the card's fields only (the data text stays out of the answer). */
function cardOf(item: ToolItem): CopilotCardRow {
  const { text: _text, ...card } = item;
  return card;
}

function pickTitle(value: string | Record<string, string>, language: string): string {
  if (typeof value === 'string') return value;
  return value[language] || value.en || value.zh || Object.values(value)[0] || '';
}

/** The built-in assistant's answer, streamed as a few deltas; undefined when it has nothing. */
async function builtinAnswer(
  deps: CopilotDeps,
  prepared: PreparedQuestion,
  emit: Emit,
): Promise<{ text: string; cards: CopilotCardRow[] } | undefined> {
  const builtin = builtinOf(deps);
  const answer = await builtin(
    { db: deps.db, config: deps.config, jobs: deps.jobs },
    {
      meetingId: prepared.meeting.id,
      question: prepared.question,
      language: prepared.language,
      actor: { userId: prepared.actor.userId },
    },
  );
  const text = answer.text.trim();
  if (!text) return undefined;
  for (const part of text.match(/[\s\S]{1,80}/g) ?? []) emit('delta', { text: part });
  return { text, cards: answer.cards.map(cardOf as (card: CopilotCardRow) => CopilotCardRow) };
}

/**
 * Answers a prepared question, emitting `meta`, `notice`, `delta`, `cards` and `done`, and stores the
 * answer once at the end, counts the request and frees the asker. The model answers unless the engine
 * is 'builtin'; a provider failure, no first token within 15 s or no end within AI_TIMEOUT_MS give a
 * `notice` copilot.provider_unavailable with `reset: true` (the client drops the model text streamed
 * so far) and the built-in answer; nothing built-in → state 'failed'. `signal` (the asker went away,
 * also before the answer started) stops the provider call; the answer is then stored as 'failed'.
 * Model tokens are added to the meeting's and the asker's day round by round (copilot.limits.ts
 * addModelTokens), so aborted and timed-out answers count too. The asker is freed and `done` is sent
 * even when storing the answer fails (that error is rethrown afterwards for the route to log).
 */
export async function streamAnswer(
  deps: CopilotDeps,
  prepared: PreparedQuestion,
  emit: Emit,
  signal?: AbortSignal,
): Promise<AnswerResult> {
  const lang = prepared.language;
  const provider = providerOf(deps);
  let engine: CopilotEngine = prepared.engine === 'model' && provider ? 'model' : 'builtin';
  emit('meta', {
    conversation_id: prepared.conversationId,
    question_id: prepared.questionId,
    answer_id: prepared.answerId,
    engine,
  });
  let firstTokenMs: number | null = null;
  const wrappedEmit: Emit = (event, data) => {
    if (event === 'delta' && firstTokenMs === null) {
      firstTokenMs = Math.round(performance.now() - prepared.startedAt);
    }
    emit(event, data);
  };
  let result: { text: string; cards: CopilotCardRow[] } | undefined;
  let state: 'done' | 'failed' = 'done';
  // The model's tokens so far: outlive a throw of modelAnswer (abort, time limit, provider error).
  const usage: RoundUsage = { promptTokens: 0, completionTokens: 0 };
  const onUsage = async (round: RoundUsage) => {
    const promptTokens = Math.max(0, Math.round(round.promptTokens));
    const completionTokens = Math.max(0, Math.round(round.completionTokens));
    usage.promptTokens += promptTokens;
    usage.completionTokens += completionTokens;
    await addModelTokens(deps.db, {
      meetingId: prepared.meeting.id,
      askerKey: prepared.askerKey,
      now: nowOf(deps),
      promptTokens,
      completionTokens,
    });
  };
  try {
    if (signal?.aborted) throw new AnswerAborted('asker');
    if (engine === 'model' && provider) {
      const controller = new AbortController();
      let abortReason: AnswerAborted['reason'] | undefined;
      const stop = (reason: AnswerAborted['reason']) => {
        abortReason ??= reason;
        controller.abort();
      };
      const onAsker = () => stop('asker');
      signal?.addEventListener('abort', onAsker);
      let hasFirst = false;
      const firstTimer = setTimeout(() => {
        if (!hasFirst) stop('first_token');
      }, deps.firstTokenMs ?? 15_000);
      const wholeTimer = setTimeout(() => stop('timeout'), deps.config.AI_TIMEOUT_MS);
      try {
        result = await modelAnswer(
          deps,
          provider,
          prepared,
          wrappedEmit,
          controller.signal,
          () => {
            hasFirst = true;
          },
          onUsage,
        );
        if (abortReason) throw new AnswerAborted(abortReason);
      } catch (error) {
        const reason = abortReason;
        if (reason === 'asker') throw new AnswerAborted('asker');
        if (!(error instanceof AiProviderError) && !(error instanceof AnswerAborted) && !reason) throw error;
        // `reset`: the model text streamed so far is not the answer; the built-in one replaces it.
        wrappedEmit('notice', {
          code: ErrorCode.copilotProviderUnavailable,
          message: say(providerNotice, lang),
          reset: true,
        });
        result = undefined;
        engine = 'builtin';
      } finally {
        clearTimeout(firstTimer);
        clearTimeout(wholeTimer);
        signal?.removeEventListener('abort', onAsker);
      }
    }
    if (!result) {
      const built = await builtinAnswer(deps, prepared, wrappedEmit);
      if (built) {
        result = built;
      } else {
        state = 'failed';
        const message = say(failedMessage, lang);
        wrappedEmit('delta', { text: message });
        result = { text: message, cards: [] };
      }
    }
  } catch (error) {
    state = 'failed';
    const message = say(failedMessage, lang);
    result = { text: error instanceof AnswerAborted ? '' : message, cards: [] };
    if (!(error instanceof AnswerAborted)) {
      // An unexpected error: the stream ends with a failed answer (the route logs it).
      wrappedEmit('delta', { text: message });
    }
  }
  const { promptTokens, completionTokens } = usage;
  const answer: AnswerResult = {
    text: result.text,
    cards: result.cards,
    engine,
    state,
    promptTokens,
    completionTokens,
    firstTokenMs,
  };
  const now = nowOf(deps);
  let storeError: unknown;
  try {
    await finishAnswer(deps.db, {
      answerId: prepared.answerId,
      content: answer.text,
      cards: answer.cards,
      engine: answer.engine,
      state: answer.state,
      promptTokens,
      completionTokens,
      firstTokenMs,
    });
    await countUsage(deps.db, {
      meetingId: prepared.meeting.id,
      now,
      engine: answer.engine,
      isFailed: answer.state === 'failed',
    });
  } catch (error) {
    storeError = error;
  } finally {
    // Whatever happened above, the asker may ask again (not held for the in-flight lease).
    await releaseAskerQuestion(deps.db, {
      meetingId: prepared.meeting.id,
      askerKey: prepared.askerKey,
      now,
    }).catch((error: unknown) => {
      storeError ??= error;
    });
  }
  emit('cards', { cards: answer.cards.map(toWireCard) });
  emit('done', {
    answer_id: prepared.answerId,
    state: answer.state,
    engine: answer.engine,
    content: answer.text,
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens },
  });
  if (storeError !== undefined) throw storeError;
  return answer;
}

/**
 * One answer without streaming or storing (the evaluation script, `npm run eval:copilot`): the model
 * with the tools (`engine: 'model'`, needs a provider) or the built-in assistant. Answers the final
 * text (citations as [1] footnotes) and the cards.
 * @throws AiProviderError when the model fails; Error when the engine is not available
 */
export async function answerOnce(
  deps: CopilotDeps,
  input: {
    meetingId: string;
    question: string;
    language: string;
    engine: CopilotEngine;
    actor?: { userId: string | null } | undefined;
  },
): Promise<{ text: string; cards: CopilotCardRow[] }> {
  const meeting = await meetingOrThrow(deps.db, input.meetingId);
  const prepared: PreparedQuestion = {
    meeting,
    askerKey: 'eval',
    actor: { userId: input.actor?.userId ?? null, deviceId: null },
    language: input.language,
    question: input.question.trim().slice(0, copilotLimits.question),
    conversationId: '',
    questionId: '',
    answerId: '',
    engine: input.engine,
    history: [],
    startedAt: performance.now(),
  };
  const ignore: Emit = () => {};
  if (input.engine === 'model') {
    const provider = providerOf(deps);
    if (!provider) throw new Error('No AI provider configured (AI_BASE_URL)');
    const answer = await modelAnswer(
      deps,
      provider,
      prepared,
      ignore,
      new AbortController().signal,
      () => {},
      async () => {},
    );
    return { text: answer.text, cards: answer.cards };
  }
  const built = await builtinAnswer(deps, prepared, ignore);
  if (!built) throw new Error('The built-in assistant is not available');
  return built;
}

export { citedRefs };
