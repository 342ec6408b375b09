import {
  ConsoleCopilotError,
  type ConsoleCopilotFaq,
  type ConsoleCopilotFaqFields,
  type ConsoleCopilotMessage,
  type ConsoleCopilotSettings,
  type ConsoleCopilotSettingsInput,
  type ConsoleCopilotUsage,
  type ConsoleCopilotUsageFigures,
  consoleCopilotLimits,
  createConsoleCopilotFaq,
  deleteConsoleCopilotFaq,
  ErrorCode,
  flagConsoleCopilotMessage,
  getConsoleCopilotConversation,
  getConsoleCopilotSettings,
  getConsoleCopilotUsage,
  listConsoleCopilotConversations,
  listConsoleCopilotFaqs,
  toWireId,
  updateConsoleCopilotFaq,
  updateConsoleCopilotSettings,
} from '@app/contracts';
import type { App, ResponseCache } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { flag, unix } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { aiProviderOf } from '../../providers/ai/ai-provider-of.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { maskContact } from '../lives/lives.chat.ts';
import { requireCan } from '../roles/roles.service.ts';
import {
  type CopilotConversationRow,
  type CopilotFaqRow,
  type CopilotMessageRow,
  type CopilotSettingsRow,
  type CopilotSettingsValues,
  deleteFaq,
  findAskers,
  findConversation,
  findConversationMessages,
  findConversations,
  findCopilotSettings,
  findFaq,
  findFaqs,
  findMeetingExhibition,
  findMessage,
  findUsage,
  insertFaqUnderCap,
  mergeMeetingExhibition,
  setMessageFlag,
  updateFaq,
  upsertCopilotSettings,
} from './copilot.console.repository.ts';

/**
 * The console's copilot area (§1 AI copilot; §3 Meeting.exhibition enable_copilot, copilot_*; DESIGN
 * §7): settings (`copilot.settings`: owner, organiser), FAQ entries (`copilot.settings`), conversation
 * review and usage (`copilot.review`: owner, organiser, editor). Every write is one audited
 * transaction; settings saves clear the public response cache so the meeting's reads show the change.
 */

export type CopilotConsoleDeps = { db: Database; config: Config; cache: Pick<ResponseCache, 'clear'> };
type Caller = { userId: string; meetingId: string };

/** The limits and prices a meeting has before its first save (the copilot_settings column defaults). */
export const copilotSettingsDefaults = {
  userDailyRequests: 30,
  meetingDailyTokens: 2_000_000,
  inputPriceMicros: 0,
  outputPriceMicros: 0,
  currency: 'CNY',
  contact: '',
} as const;

/** The exhibition keys (§3) the copilot settings own. */
const exhibitionKeys = [
  'enable_copilot',
  'copilot_name',
  'copilot_prologue_title',
  'copilot_prologue_description',
  'copilot_prologue_questions',
] as const;

const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The settings as the console reads them: exhibition texts, limits (or defaults), provider status. */
function toSettings(
  exhibition: Record<string, unknown>,
  row: CopilotSettingsRow | undefined,
  config: Config,
): ConsoleCopilotSettings {
  const provider = aiProviderOf(config);
  const values = row ?? copilotSettingsDefaults;
  const questions = exhibition.copilot_prologue_questions;
  return {
    enable_copilot: Number(exhibition.enable_copilot) === 1 ? 1 : 0,
    copilot_name: stringOf(exhibition.copilot_name),
    copilot_prologue_title: stringOf(exhibition.copilot_prologue_title),
    copilot_prologue_description: stringOf(exhibition.copilot_prologue_description),
    copilot_prologue_questions: Array.isArray(questions)
      ? questions.filter((item): item is string => typeof item === 'string')
      : [],
    user_daily_requests: values.userDailyRequests,
    meeting_daily_tokens: values.meetingDailyTokens,
    input_price_micros: values.inputPriceMicros,
    output_price_micros: values.outputPriceMicros,
    currency: values.currency,
    contact: values.contact,
    provider: {
      configured: provider ? 1 : 0,
      model: provider?.model ?? '',
      can_transcribe: provider?.canTranscribe ? 1 : 0,
    },
    updated_at: row ? unix(row.updatedAt) : null,
  };
}

/**
 * GET /console/meetings/{meeting_id}/copilot/settings → ConsoleCopilotSettings (§1 copilot, §3).
 * @throws 403 no_permission (copilot.settings); 404 not_found (no such meeting)
 */
export async function getCopilotSettings(
  deps: CopilotConsoleDeps,
  input: Caller,
): Promise<ConsoleCopilotSettings> {
  await requireCan(deps, { ...input, action: 'copilot.settings' });
  const [exhibition, row] = await Promise.all([
    findMeetingExhibition(deps.db, input.meetingId),
    findCopilotSettings(deps.db, input.meetingId),
  ]);
  if (!exhibition) throw notFound('Meeting');
  return toSettings(exhibition, row, deps.config);
}

/**
 * PUT /console/meetings/{meeting_id}/copilot/settings: a partial save. The meeting's texts merge into
 * meetings.exhibition (its other keys stay); limits, prices, currency and contact go to
 * copilot_settings (created on the first save). One audited transaction; then the public response
 * cache is cleared (the meeting's reads carry exhibition).
 * @throws 400 validation_failed (by the contract); 403 no_permission (copilot.settings); 404 not_found
 */
export async function saveCopilotSettings(
  deps: CopilotConsoleDeps,
  input: Caller & { body: ConsoleCopilotSettingsInput },
): Promise<ConsoleCopilotSettings> {
  await requireCan(deps, { ...input, action: 'copilot.settings' });
  const { body } = input;
  const exhibitionPatch: Record<string, unknown> = {};
  for (const key of exhibitionKeys) if (body[key] !== undefined) exhibitionPatch[key] = body[key];
  const values: Partial<CopilotSettingsValues> = { updatedBy: input.userId };
  if (body.user_daily_requests !== undefined) values.userDailyRequests = body.user_daily_requests;
  if (body.meeting_daily_tokens !== undefined) values.meetingDailyTokens = body.meeting_daily_tokens;
  if (body.input_price_micros !== undefined) values.inputPriceMicros = body.input_price_micros;
  if (body.output_price_micros !== undefined) values.outputPriceMicros = body.output_price_micros;
  if (body.currency !== undefined) values.currency = body.currency;
  if (body.contact !== undefined) values.contact = body.contact;

  const saved = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'copilot.settings',
      entity: 'copilot_settings',
      entityId: input.meetingId,
    },
    async (tx) => {
      const [exhibitionBefore, rowBefore] = await Promise.all([
        findMeetingExhibition(tx, input.meetingId),
        findCopilotSettings(tx, input.meetingId),
      ]);
      if (!exhibitionBefore) throw notFound('Meeting');
      const before = toSettings(exhibitionBefore, rowBefore, deps.config);
      const exhibition =
        Object.keys(exhibitionPatch).length > 0
          ? await mergeMeetingExhibition(tx, input.meetingId, exhibitionPatch)
          : exhibitionBefore;
      const row = await upsertCopilotSettings(tx, input.meetingId, values);
      const after = toSettings(exhibition ?? exhibitionBefore, row, deps.config);
      const { provider: _before, ...beforeAudit } = before;
      const { provider: _after, ...afterAudit } = after;
      return { result: after, before: beforeAudit, after: afterAudit };
    },
  );
  deps.cache.clear();
  return saved;
}

function toFaq(row: CopilotFaqRow): ConsoleCopilotFaq {
  return {
    _id: toWireId(row.id),
    language: row.language,
    question: row.question,
    answer: row.answer,
    enabled: flag(row.enabled),
    weight: row.weight,
    created_at: unix(row.createdAt),
    updated_at: unix(row.updatedAt),
  };
}

/** GET …/copilot/faqs → `{ items }`. @throws 403 no_permission (copilot.settings) */
export async function listCopilotFaqs(
  deps: CopilotConsoleDeps,
  input: Caller,
): Promise<{ items: ConsoleCopilotFaq[] }> {
  await requireCan(deps, { ...input, action: 'copilot.settings' });
  return { items: (await findFaqs(deps.db, input.meetingId)).map(toFaq) };
}

/**
 * POST …/copilot/faqs: adds an entry (enabled 1, weight 0 unless given).
 * @throws 403 no_permission; 409 copilot.faq_limit (consoleCopilotLimits.faqs a meeting)
 */
export async function addCopilotFaq(
  deps: CopilotConsoleDeps,
  input: Caller & { body: ConsoleCopilotFaqFields },
): Promise<ConsoleCopilotFaq> {
  await requireCan(deps, { ...input, action: 'copilot.settings' });
  const id = newId();
  const { body } = input;
  const created = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'copilot.settings',
      entity: 'copilot_faq',
    },
    async (tx) => {
      const row = await insertFaqUnderCap(
        tx,
        {
          id,
          meetingId: input.meetingId,
          language: body.language,
          question: body.question,
          answer: body.answer,
          enabled: body.enabled ?? 1,
          weight: body.weight ?? 0,
        },
        consoleCopilotLimits.faqs,
      );
      if (!row) {
        throw new AppError(
          409,
          ConsoleCopilotError.faqLimit,
          `A meeting has at most ${consoleCopilotLimits.faqs} FAQ entries`,
        );
      }
      const after = toFaq(row);
      return { result: after, before: null, after, entityId: id };
    },
  );
  deps.cache.clear();
  return created;
}

/** PUT …/copilot/faqs/{id}. @throws 403 no_permission; 404 not_found */
export async function saveCopilotFaq(
  deps: CopilotConsoleDeps,
  input: Caller & { id: string; body: ConsoleCopilotFaqFields },
): Promise<ConsoleCopilotFaq> {
  await requireCan(deps, { ...input, action: 'copilot.settings' });
  const { body } = input;
  const saved = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'copilot.settings',
      entity: 'copilot_faq',
      entityId: input.id,
    },
    async (tx) => {
      const before = await findFaq(tx, input.meetingId, input.id);
      if (!before) throw notFound('FAQ entry');
      const row = await updateFaq(tx, input.meetingId, input.id, {
        language: body.language,
        question: body.question,
        answer: body.answer,
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.weight !== undefined ? { weight: body.weight } : {}),
      });
      if (!row) throw notFound('FAQ entry');
      const after = toFaq(row);
      return { result: after, before: toFaq(before), after };
    },
  );
  deps.cache.clear();
  return saved;
}

/** DELETE …/copilot/faqs/{id}. @throws 403 no_permission; 404 not_found */
export async function removeCopilotFaq(
  deps: CopilotConsoleDeps,
  input: Caller & { id: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action: 'copilot.settings' });
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'copilot.settings',
      entity: 'copilot_faq',
      entityId: input.id,
    },
    async (tx) => {
      const row = await deleteFaq(tx, input.meetingId, input.id);
      if (!row) throw notFound('FAQ entry');
      return { result: null, before: toFaq(row), after: null };
    },
  );
  deps.cache.clear();
  return { ok: 1 };
}

type Askers = Awaited<ReturnType<typeof findAskers>>;

/** The asker as the review shows it: the user's name, else a masked contact; 'anonymous' for a device. */
function askerOf(row: CopilotConversationRow, askers: Askers): string {
  const user = row.userId ? askers.get(row.userId) : undefined;
  if (!user) return 'anonymous';
  return user.username.trim() || maskContact(user.phone ?? user.email) || 'anonymous';
}

function toConversation(row: CopilotConversationRow, askers: Askers) {
  return {
    _id: toWireId(row.id),
    title: row.title,
    asker: askerOf(row, askers),
    language: row.language,
    message_count: row.messageCount,
    flagged_count: row.flaggedCount,
    closed: flag(row.closed),
    created_at: unix(row.createdAt),
    updated_at: unix(row.updatedAt),
  };
}

function toMessage(row: CopilotMessageRow): ConsoleCopilotMessage {
  return {
    _id: toWireId(row.id),
    role: row.role,
    content: row.content,
    cards: Array.isArray(row.cards) ? row.cards : [],
    engine: row.engine,
    state: row.state,
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    first_token_ms: row.firstTokenMs ?? null,
    rating: row.rating,
    flagged: flag(row.flagged),
    flag_note: row.flagNote,
    flagged_at: row.flaggedAt ? unix(row.flaggedAt) : null,
    created_at: unix(row.createdAt),
  };
}

/**
 * GET …/copilot/conversations?flagged=&q=&page=&size= → one page (default 20) of conversations, last
 * active first, and the total. @throws 403 no_permission (copilot.review)
 */
export async function listCopilotConversations(
  deps: CopilotConsoleDeps,
  input: Caller & { flagged?: 0 | 1; q?: string; page?: number; size?: number },
) {
  await requireCan(deps, { ...input, action: 'copilot.review' });
  const page = input.page ?? 1;
  const size = input.size ?? 20;
  const { rows, total } = await findConversations(deps.db, {
    meetingId: input.meetingId,
    flagged: input.flagged === 1,
    q: input.q || undefined,
    offset: (page - 1) * size,
    limit: size,
  });
  const askers = await findAskers(deps.db, [...new Set(rows.flatMap((row) => row.userId ?? []))]);
  return { items: rows.map((row) => toConversation(row, askers)), total, page, size };
}

/** GET …/copilot/conversations/{id}: the conversation and its messages. @throws 403; 404 not_found */
export async function getCopilotConversation(deps: CopilotConsoleDeps, input: Caller & { id: string }) {
  await requireCan(deps, { ...input, action: 'copilot.review' });
  const row = await findConversation(deps.db, input.meetingId, input.id);
  if (!row) throw notFound('Conversation');
  const [messages, askers] = await Promise.all([
    findConversationMessages(deps.db, row.id),
    findAskers(deps.db, row.userId ? [row.userId] : []),
  ]);
  return { ...toConversation(row, askers), messages: messages.map(toMessage) };
}

/**
 * PUT …/copilot/messages/{id}/flag `{flagged, note?}`: flags an answer as wrong or clears it; the
 * conversation's flagged_count moves in the same transaction, only when the flag changes.
 * @throws 400 validation_failed (a question); 403 no_permission (copilot.review); 404 not_found
 */
export async function flagCopilotMessage(
  deps: CopilotConsoleDeps,
  input: Caller & { id: string; flagged: 0 | 1; note?: string },
): Promise<ConsoleCopilotMessage> {
  await requireCan(deps, { ...input, action: 'copilot.review' });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'copilot.review',
      entity: 'copilot_message',
      entityId: input.id,
    },
    async (tx) => {
      const before = await findMessage(tx, input.meetingId, input.id);
      if (!before) throw notFound('Message');
      if (before.role !== 'assistant') {
        throw new AppError(400, ErrorCode.validation, 'Only answers can be flagged', [
          { path: 'params/id', message: 'a question, not an answer' },
        ]);
      }
      const row = await setMessageFlag(tx, {
        meetingId: input.meetingId,
        messageId: input.id,
        flagged: input.flagged,
        note: input.note,
        userId: input.userId,
      });
      if (!row) throw notFound('Message');
      return {
        result: toMessage(row),
        before: { flagged: before.flagged, note: before.flagNote },
        after: { flagged: row.flagged, note: row.flagNote },
      };
    },
  );
}

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Cost in micro-units: tokens × price per million tokens, rounded (BigInt: no precision loss). */
function costMicros(
  promptTokens: number,
  completionTokens: number,
  inPrice: number,
  outPrice: number,
): number {
  const total = BigInt(promptTokens) * BigInt(inPrice) + BigInt(completionTokens) * BigInt(outPrice);
  return Number((total + 500_000n) / 1_000_000n);
}

function invalidQuery(path: string, message: string): AppError {
  return new AppError(400, ErrorCode.validation, `${path}: ${message}`, [
    { path: `querystring/${path}`, message },
  ]);
}

/**
 * GET …/copilot/usage?from=&to= (UTC days, both included; default the last 30 days) → every day with
 * requests by engine, tokens and cost at the current prices, and the totals.
 * @throws 400 validation_failed (to before from, more than 366 days); 403 no_permission (copilot.review)
 */
export async function getCopilotUsage(
  deps: CopilotConsoleDeps,
  input: Caller & { from?: string; to?: string },
): Promise<ConsoleCopilotUsage> {
  await requireCan(deps, { ...input, action: 'copilot.review' });
  const toMs = input.to ? dayStartMs(input.to) : dayStartMs(isoDay(Date.now()));
  const fromMs = input.from ? dayStartMs(input.from) : toMs - 29 * dayMs;
  if (fromMs > toMs) throw invalidQuery('to', 'must not be before from');
  const dayCount = Math.round((toMs - fromMs) / dayMs) + 1;
  if (dayCount > consoleCopilotLimits.usageDays) {
    throw invalidQuery('from', `at most ${consoleCopilotLimits.usageDays} days`);
  }
  const from = isoDay(fromMs);
  const to = isoDay(toMs);
  const [settings, rows] = await Promise.all([
    findCopilotSettings(deps.db, input.meetingId),
    findUsage(deps.db, input.meetingId, from, to),
  ]);
  const prices = settings ?? copilotSettingsDefaults;
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const totals: ConsoleCopilotUsageFigures = {
    requests: 0,
    model_requests: 0,
    builtin_requests: 0,
    failed_requests: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    cost_micros: 0,
  };
  const days = Array.from({ length: dayCount }, (_, index) => {
    const day = isoDay(fromMs + index * dayMs);
    const row = byDay.get(day);
    const figures: ConsoleCopilotUsageFigures = {
      requests: row?.requests ?? 0,
      model_requests: row?.modelRequests ?? 0,
      builtin_requests: row?.builtinRequests ?? 0,
      failed_requests: row?.failedRequests ?? 0,
      prompt_tokens: row?.promptTokens ?? 0,
      completion_tokens: row?.completionTokens ?? 0,
      cost_micros: 0,
    };
    for (const key of Object.keys(totals) as (keyof ConsoleCopilotUsageFigures)[]) {
      if (key !== 'cost_micros') totals[key] += figures[key];
    }
    figures.cost_micros = costMicros(
      figures.prompt_tokens,
      figures.completion_tokens,
      prices.inputPriceMicros,
      prices.outputPriceMicros,
    );
    return { day, ...figures };
  });
  totals.cost_micros = costMicros(
    totals.prompt_tokens,
    totals.completion_tokens,
    prices.inputPriceMicros,
    prices.outputPriceMicros,
  );
  return {
    from,
    to,
    currency: prices.currency,
    input_price_micros: prices.inputPriceMicros,
    output_price_micros: prices.outputPriceMicros,
    days,
    totals,
  };
}

/**
 * Registers the console copilot routes (console-copilot contracts) under /console/meetings/{meeting_id}/copilot.
 * Logged-in callers; the service checks copilot.settings or copilot.review.
 */
export function consoleCopilotRoutes(app: App): void {
  const { db, config, cache } = app.deps;
  const deps: CopilotConsoleDeps = { db, config, cache };
  const auth = { auth: 'required' } as const;
  const caller = (request: { params: { meeting_id: string } }, userId: string) => ({
    userId,
    meetingId: request.params.meeting_id,
  });

  app.route({
    ...contractRoute(getConsoleCopilotSettings),
    config: auth,
    handler: async (request) => getCopilotSettings(deps, caller(request, requireUserId(request))),
  });
  app.route({
    ...contractRoute(updateConsoleCopilotSettings),
    config: auth,
    handler: async (request) =>
      saveCopilotSettings(deps, { ...caller(request, requireUserId(request)), body: request.body }),
  });
  app.route({
    ...contractRoute(listConsoleCopilotFaqs),
    config: auth,
    handler: async (request) => listCopilotFaqs(deps, caller(request, requireUserId(request))),
  });
  app.route({
    ...contractRoute(createConsoleCopilotFaq),
    config: auth,
    handler: async (request) =>
      addCopilotFaq(deps, { ...caller(request, requireUserId(request)), body: request.body }),
  });
  app.route({
    ...contractRoute(updateConsoleCopilotFaq),
    config: auth,
    handler: async (request) =>
      saveCopilotFaq(deps, {
        ...caller(request, requireUserId(request)),
        id: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleCopilotFaq),
    config: auth,
    handler: async (request) =>
      removeCopilotFaq(deps, { ...caller(request, requireUserId(request)), id: request.params.id }),
  });
  app.route({
    ...contractRoute(listConsoleCopilotConversations),
    config: auth,
    handler: async (request) =>
      listCopilotConversations(deps, { ...caller(request, requireUserId(request)), ...request.query }),
  });
  app.route({
    ...contractRoute(getConsoleCopilotConversation),
    config: auth,
    handler: async (request) =>
      getCopilotConversation(deps, { ...caller(request, requireUserId(request)), id: request.params.id }),
  });
  app.route({
    ...contractRoute(flagConsoleCopilotMessage),
    config: auth,
    handler: async (request) =>
      flagCopilotMessage(deps, {
        ...caller(request, requireUserId(request)),
        id: request.params.id,
        flagged: request.body.flagged,
        ...(request.body.note !== undefined ? { note: request.body.note } : {}),
      }),
  });
  app.route({
    ...contractRoute(getConsoleCopilotUsage),
    config: auth,
    handler: async (request) =>
      getCopilotUsage(deps, { ...caller(request, requireUserId(request)), ...request.query }),
  });
}
