import { z } from 'zod';
import { Activity, ActivityPrice, ActivitySource } from '../activities/activities.contracts.ts';
import { FormField, FormQuestion, FormQuestionType } from '../forms/forms.contracts.ts';
import { Flag, LocalizedText, localizedTextInput, resultsOf } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The console's activities calls (DESIGN §7; §3 Activity, §5 forms, §6 private events): an
 * organiser creates and edits activities, their ticket types, registration channels (sources),
 * registration form, group settings and invite list. Every call needs the action `activity.edit`
 * (403 no_permission). Edits carry the `updated_at_ms` (unix milliseconds) they read; a record
 * saved by someone else since answers 409 `conflict.stale` ('changed by someone else, reload').
 * Bodies arrive form-encoded with qs brackets or as JSON, so numbers and flags are coerced.
 */

/** A 0/1 flag as a form body carries it ('0', '1', 0, 1, true, false). */
const FlagInput = z.preprocess(
  (value) => (value === true || value === 'true' ? 1 : value === false || value === 'false' ? 0 : value),
  z.coerce.number().pipe(Flag),
);
/** A whole non-negative number (a limit, cents). */
const Count = z.coerce.number().int().min(0).max(2_147_483_647);
/** Unix seconds; 0 = not set where the field allows it. */
const SecondsInput = z.coerce.number().int().min(0).max(1e11);
/** The `updated_at` an edit read, in unix milliseconds. */
const UpdatedAtMs = z.coerce.number().int().min(0);
/** A list a form body may leave out when empty (qs drops empty lists). */
const listOf = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max).optional().default([]);

/** Registration state of an activity as the console's list shows it (§4 Activity registration). */
export const ConsoleRegistrationState = z.enum(['disabled', 'not_started', 'open', 'closed', 'full']);
export type ConsoleRegistrationState = z.infer<typeof ConsoleRegistrationState>;

/** A ticket type as the console edits it: the public fields plus `updated_at_ms`. */
export const ConsoleActivityPrice = ActivityPrice.extend({ updated_at_ms: z.number().int() });
export type ConsoleActivityPrice = z.infer<typeof ConsoleActivityPrice>;

/**
 * An activity as the console edits it (§3): every public field, the meeting (for its time zone),
 * `updated_at_ms`, the registration state now and its ticket types with their own `updated_at_ms`.
 */
export const ConsoleActivity = Activity.extend({
  updated_at_ms: z.number().int(),
  registration_state: ConsoleRegistrationState,
  prices: z.array(ConsoleActivityPrice),
  meeting: z.object({ _id: WireId, title: LocalizedText, cover: z.string(), time_zone: z.string() }),
});
export type ConsoleActivity = z.infer<typeof ConsoleActivity>;

/** A registration channel with its share link (the activity page with `source_id`, on PUBLIC_URL). */
export const ConsoleActivitySource = ActivitySource.extend({ share_url: z.string() });
export type ConsoleActivitySource = z.infer<typeof ConsoleActivitySource>;

/**
 * Body of POST and PUT /console/meetings/{meeting_id}/activities[/{id}]: every editable §3 field (a
 * PUT replaces them all; lists left out are empty). Times in unix seconds; `registration_start` and
 * `deadline` 0 = none; `max` 0 = no limit. `ticket_total` is never written here.
 */
export const ConsoleActivityBody = z.strictObject({
  title: localizedTextInput(textLimits.title),
  description: localizedTextInput(textLimits.freeText).optional(),
  address: localizedTextInput(textLimits.title).optional(),
  covers: listOf(z.string().trim().min(1).max(textLimits.url), 20),
  start: SecondsInput,
  end: SecondsInput,
  registration_start: SecondsInput.optional().default(0),
  deadline: SecondsInput.optional().default(0),
  max: Count.optional().default(0),
  offline: FlagInput.optional().default(1),
  enable_show: FlagInput.optional().default(1),
  enable_registration_entrance: FlagInput.optional().default(1),
  is_review: FlagInput.optional().default(0),
  enable_resubmit_answer: FlagInput.optional().default(0),
  enable_deadline_answer: FlagInput.optional().default(0),
  privacy: FlagInput.optional().default(0),
  enable_agent: FlagInput.optional().default(0),
  agent_checkout_version: z.enum(['v1', 'v2']).optional().default('v1'),
  /** Group size cap: members per group (§9 "{n} members"). */
  agent_max_members: z.coerce.number().int().min(1).max(10_000).optional().default(20),
  weight: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional().default(0),
  /** PUT only: the `updated_at_ms` the editor read. */
  updated_at_ms: UpdatedAtMs.optional(),
});
export type ConsoleActivityBody = z.input<typeof ConsoleActivityBody>;

/** Body of POST and PUT …/prices[/{price_id}]: a ticket type (amount in cents; `total` absent = no limit). */
export const ConsolePriceBody = z.strictObject({
  title: localizedTextInput(textLimits.title),
  description: localizedTextInput(textLimits.description).optional(),
  amount: Count,
  /** Stock; absent or '' = no limit. Never below what is sold (400 price.total_below_sold). */
  total: z.preprocess((value) => (value === '' || value === null ? undefined : value), Count.optional()),
  max_per_agent: Count.optional().default(0),
  weight: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional().default(0),
  /** PUT only: the `updated_at_ms` the editor read. */
  updated_at_ms: UpdatedAtMs.optional(),
});
export type ConsolePriceBody = z.input<typeof ConsolePriceBody>;

/** Body of POST and PUT …/sources[/{source_id}]: a registration channel (`max` 0 = no limit). */
export const ConsoleSourceBody = z.strictObject({
  title: z.string().trim().max(textLimits.title),
  max: Count.optional().default(0),
  /** 1: the channel used when a registration names none (one per activity: the others are unset). */
  default: FlagInput.optional().default(0),
});
export type ConsoleSourceBody = z.input<typeof ConsoleSourceBody>;

/** An option of a question as the form builder sends it (`id` client-made, unique in its question). */
export const ConsoleFormOptionInput = z.strictObject({
  id: z.string().trim().min(1).max(textLimits.id),
  title: localizedTextInput(textLimits.title),
  /** Linked-activity questions: the activity (of the same meeting) this option registers for. */
  activity_id: ObjectIdString.optional(),
});

/**
 * A question as the form builder sends it. `key` is the question's id when it exists, or any other
 * client-made key for a new one; `condition.question_id` names another question by its key (§5:
 * shown when that answer holds one of `option_ids`, or the ticket type is one of `price_ids`).
 */
export const ConsoleFormQuestionInput = z.strictObject({
  key: z.string().trim().min(1).max(textLimits.id),
  scope: z.enum(['member', 'group']).optional().default('member'),
  type: FormQuestionType,
  title: localizedTextInput(textLimits.title),
  description: localizedTextInput(textLimits.description).optional(),
  is_required: FlagInput.optional().default(0),
  field: z.preprocess((value) => (value === '' ? undefined : value), FormField.optional()),
  options: listOf(ConsoleFormOptionInput, 100),
  condition: z
    .strictObject({
      question_id: z.string().trim().max(textLimits.id).optional(),
      option_ids: listOf(z.string().max(textLimits.id), 100),
      price_ids: listOf(ObjectIdString, 100),
    })
    .optional(),
});
export type ConsoleFormQuestionInput = z.input<typeof ConsoleFormQuestionInput>;

/**
 * Body of PUT …/form: the whole registration form in order (first shown first). Questions left out
 * are removed (soft: stored answers keep their keys). `updated_at_ms` 0 when the activity has no form yet.
 */
export const ConsoleFormBody = z.strictObject({
  title: localizedTextInput(textLimits.title).optional(),
  questions: listOf(ConsoleFormQuestionInput, 200),
  updated_at_ms: UpdatedAtMs,
});
export type ConsoleFormBody = z.input<typeof ConsoleFormBody>;

/** The registration form as the builder reads it: both scopes, by weight (first shown first). */
export const ConsoleForm = z.object({
  form_id: WireId.nullable(),
  title: LocalizedText,
  /** 0 when the activity has no form yet. */
  updated_at_ms: z.number().int(),
  questions: z.array(FormQuestion),
});
export type ConsoleForm = z.infer<typeof ConsoleForm>;

/** Path parameters of an activity's console calls. */
export const ConsoleActivityParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
const PriceParams = ConsoleActivityParams.extend({ price_id: ObjectIdString });
const SourceParams = ConsoleActivityParams.extend({ source_id: ObjectIdString });
const InviteParams = ConsoleActivityParams.extend({ invite_id: ObjectIdString });
const Ok = z.object({ ok: z.literal(1) });

const common = { spec: '§3 Activity, DESIGN §7', tags: ['console'], isPublic: false } as const;

export const consoleListActivities = defineRoute({
  ...common,
  method: 'GET',
  path: '/console/meetings/:meeting_id/activities',
  summary:
    'Every not deleted activity of a meeting (hidden and private ones too) with its ticket types, totals and registration state, by weight desc then start. 403 no_permission (needs activity.edit).',
  params: z.object({ meeting_id: ObjectIdString }),
  response: resultsOf(ConsoleActivity),
});

export const consoleCreateActivity = defineRoute({
  ...common,
  method: 'POST',
  path: '/console/meetings/:meeting_id/activities',
  summary:
    'Creates an activity with every §3 field and one free ticket type without limit. 400 validation_failed (end before start); 403 no_permission.',
  params: z.object({ meeting_id: ObjectIdString }),
  body: ConsoleActivityBody,
  response: ConsoleActivity,
});

export const consoleGetActivity = defineRoute({
  ...common,
  method: 'GET',
  path: '/console/meetings/:meeting_id/activities/:id',
  summary: 'One activity as the editor reads it. 403 no_permission; 404 not_found.',
  params: ConsoleActivityParams,
  response: ConsoleActivity,
});

export const consoleUpdateActivity = defineRoute({
  ...common,
  method: 'PUT',
  path: '/console/meetings/:meeting_id/activities/:id',
  summary:
    "Replaces an activity's editable fields. 400 validation_failed (end before start) / activity.max_below_registered; 403 no_permission; 404 not_found; 409 conflict.stale.",
  params: ConsoleActivityParams,
  body: ConsoleActivityBody,
  response: ConsoleActivity,
});

export const consoleCreatePrice = defineRoute({
  ...common,
  method: 'POST',
  path: '/console/meetings/:meeting_id/activities/:id/prices',
  summary: 'Adds a ticket type (price in cents, stock). 403 no_permission; 404 not_found.',
  params: ConsoleActivityParams,
  body: ConsolePriceBody,
  response: ConsoleActivityPrice,
});

export const consoleUpdatePrice = defineRoute({
  ...common,
  method: 'PUT',
  path: '/console/meetings/:meeting_id/activities/:id/prices/:price_id',
  summary:
    'Edits a ticket type; its version grows (registrants holding the old one get 4340). sold_total is never written. 400 price.total_below_sold; 403 no_permission; 404 not_found; 409 conflict.stale.',
  params: PriceParams,
  body: ConsolePriceBody,
  response: ConsoleActivityPrice,
});

export const consoleDeletePrice = defineRoute({
  ...common,
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/activities/:id/prices/:price_id',
  summary:
    'Removes a ticket type: soft delete (deleted=1), so tickets already sold keep their type. 403 no_permission; 404 not_found.',
  params: PriceParams,
  response: Ok,
});

export const consoleListSources = defineRoute({
  ...common,
  method: 'GET',
  path: '/console/meetings/:meeting_id/activities/:id/sources',
  summary:
    "An activity's not deleted registration channels with their share links (default first). 403 no_permission; 404 not_found.",
  params: ConsoleActivityParams,
  response: resultsOf(ConsoleActivitySource),
});

export const consoleCreateSource = defineRoute({
  ...common,
  method: 'POST',
  path: '/console/meetings/:meeting_id/activities/:id/sources',
  summary: 'Adds a registration channel. 403 no_permission; 404 not_found.',
  params: ConsoleActivityParams,
  body: ConsoleSourceBody,
  response: ConsoleActivitySource,
});

export const consoleUpdateSource = defineRoute({
  ...common,
  method: 'PUT',
  path: '/console/meetings/:meeting_id/activities/:id/sources/:source_id',
  summary:
    'Edits a registration channel (signup_total is never written). 400 source.max_below_signups; 403 no_permission; 404 not_found.',
  params: SourceParams,
  body: ConsoleSourceBody,
  response: ConsoleActivitySource,
});

export const consoleDeleteSource = defineRoute({
  ...common,
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/activities/:id/sources/:source_id',
  summary:
    "Removes a registration channel (soft: its old links then show 'source invalid'). 403 no_permission; 404 not_found.",
  params: SourceParams,
  response: Ok,
});

export const consoleGetActivityForm = defineRoute({
  ...common,
  spec: '§5, §7 Forms, DESIGN §7',
  method: 'GET',
  path: '/console/meetings/:meeting_id/activities/:id/form',
  summary:
    "An activity's registration form for the builder: member and group questions by weight. 403 no_permission; 404 not_found.",
  params: ConsoleActivityParams,
  response: ConsoleForm,
});

export const consoleSaveActivityForm = defineRoute({
  ...common,
  spec: '§5, §7 Forms, DESIGN §7',
  method: 'PUT',
  path: '/console/meetings/:meeting_id/activities/:id/form',
  summary:
    'Saves the whole registration form (creating it when absent): questions of every type with required flags, options, conditions by option or price id and linked activities. 400 validation_failed (details name the question); 403 no_permission; 404 not_found; 409 conflict.stale.',
  params: ConsoleActivityParams,
  body: ConsoleFormBody,
  response: ConsoleForm,
});

/** One entry of the invite list (same shape as GET /activities/{id}/invites). */
export const ConsoleActivityInvite = z.object({
  _id: WireId,
  activity_id: WireId,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created: z.number().int(),
});

export const consoleListInvites = defineRoute({
  ...common,
  spec: '§6 private events, DESIGN §7',
  method: 'GET',
  path: '/console/meetings/:meeting_id/activities/:id/invites',
  summary: "A private activity's invite list, newest first. 403 no_permission; 404 not_found.",
  params: ConsoleActivityParams,
  response: resultsOf(ConsoleActivityInvite),
});

export const consoleAddInvite = defineRoute({
  ...common,
  spec: '§6 private events, DESIGN §7',
  method: 'POST',
  path: '/console/meetings/:meeting_id/activities/:id/invites',
  summary:
    'Puts a phone (with area code) or an e-mail on the invite list (idempotent). 400 phone.invalid / email.invalid / validation_failed; 403 no_permission; 404 not_found.',
  params: ConsoleActivityParams,
  body: z.strictObject({
    phone: z.string().trim().max(textLimits.phone).optional(),
    area_code: z.string().trim().max(textLimits.areaCode).optional(),
    email: z.string().trim().max(textLimits.email).optional(),
  }),
  response: ConsoleActivityInvite,
});

export const consoleRemoveInvite = defineRoute({
  ...common,
  spec: '§6 private events, DESIGN §7',
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/activities/:id/invites/:invite_id',
  summary: 'Takes an entry off the invite list (idempotent). 403 no_permission; 404 not_found.',
  params: InviteParams,
  response: Ok,
});

export const consoleCreateInvitationLink = defineRoute({
  ...common,
  spec: '§6 private events, DESIGN §7',
  method: 'POST',
  path: '/console/meetings/:meeting_id/activities/:id/invitation_links',
  summary:
    'Mints a signed invitation link to the activity (expires_in seconds, none = no expiry). 403 no_permission; 404 not_found.',
  params: ConsoleActivityParams,
  body: z
    .strictObject({
      expires_in: z.coerce
        .number()
        .int()
        .min(60)
        .max(366 * 24 * 60 * 60)
        .optional(),
    })
    .optional(),
  response: z.object({ code: z.string(), url: z.string(), expires: z.number().int() }),
});
