import { z } from 'zod';
import { Flag, LocalizedText } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Registration forms (§7 Forms, §5): the questions an activity asks, conditional questions, and the
 * stored answers of a registration or of a group.
 */

/** Question types a registration needs (§5, §7 Forms). */
export const formQuestionTypes = [
  'text',
  'textarea',
  'radio',
  'checkbox',
  'phone',
  'email',
  'id_number',
  'date',
  'file',
  /** The ticket choice: the answer is a price id of the activity. */
  'price',
  /** A linked activity: options name activities; one is chosen. */
  'activity',
] as const;
export const FormQuestionType = z.enum(formQuestionTypes);
export type FormQuestionType = z.infer<typeof FormQuestionType>;

/** Ticket columns an answer may fill (the registrant's identity on the ticket). */
export const formFields = ['name', 'phone', 'email', 'id_number', 'job', 'company'] as const;
export const FormField = z.enum(formFields);
export type FormField = z.infer<typeof FormField>;

/** An option of a radio, checkbox or linked-activity question. `id` is stable, unique in its question. */
export const FormOption = z.object({
  id: z.string(),
  title: LocalizedText,
  /** Linked-activity questions only: the activity this option registers for. */
  activity_id: ObjectIdString.optional(),
});
export type FormOption = z.infer<typeof FormOption>;

/**
 * When a question shows (§5): the answer to `question_id` holds one of `option_ids`, or the chosen
 * ticket type is one of `price_ids`. Both lists given: either suffices.
 */
export const FormCondition = z.object({
  question_id: z.string().optional(),
  option_ids: z.array(z.string()).optional(),
  price_ids: z.array(z.string()).optional(),
});
export type FormCondition = z.infer<typeof FormCondition>;

/** A phone answer: area code (digits, no '+') and the national number as typed. */
export const PhoneAnswer = z.object({
  area_code: z.string().max(textLimits.areaCode),
  number: z.string().max(textLimits.phone),
});
export type PhoneAnswer = z.infer<typeof PhoneAnswer>;

/**
 * One answer: text-like types a string (date 'YYYY-MM-DD', file a URL, radio / price / activity the
 * chosen option or price id), checkbox a list of option ids, phone a PhoneAnswer. A string is at most
 * the longest any question takes (a file answer's URL, textLimits.url); each question's own limit
 * (a name 64, a text answer 500 — §5) is applied by the form rules (answerMaxLength in
 * @app/domain/forms), which know its type: 400 text.too_long naming the question.
 */
export const FormAnswerValue = z.union([
  z.string().max(textLimits.url),
  z.array(z.string().max(textLimits.id)).max(100),
  PhoneAnswer,
]);
export type FormAnswerValue = z.infer<typeof FormAnswerValue>;

/** Answers by question id. */
export const FormAnswers = z.record(z.string().max(textLimits.id), FormAnswerValue);
export type FormAnswers = z.infer<typeof FormAnswers>;

/** A linked activity as an option needs it: whether it can still be chosen (§5). */
export const LinkedActivityState = z.object({
  activity_id: ObjectIdString,
  /** 1 when the activity is private, full or past its deadline: the option is disabled. */
  is_disabled: Flag,
  reason: z.enum(['private', 'full', 'deadline', 'deleted']).nullable(),
});
export type LinkedActivityState = z.infer<typeof LinkedActivityState>;

/** A question as GET /forms/{id}/questions answers it. */
export const FormQuestion = z.object({
  _id: WireId,
  form_id: WireId,
  scope: z.enum(['member', 'group']),
  type: FormQuestionType,
  title: LocalizedText,
  description: LocalizedText,
  is_required: Flag,
  field: FormField.nullable(),
  options: z.array(FormOption.extend({ is_disabled: Flag.optional() })),
  condition: FormCondition.nullable(),
  weight: z.number().int(),
});
export type FormQuestion = z.infer<typeof FormQuestion>;

const FormIdParams = z.object({ id: ObjectIdString });

/** Querystring of GET /forms/{id}/questions: `group=1` gives the group (leader) questions. */
export const FormQuestionsQuerystring = z.object({ group: z.enum(['0', '1']).optional() });

export const listFormQuestions = defineRoute({
  method: 'GET',
  path: '/forms/:id/questions',
  summary:
    "A registration form's questions by weight (member questions, or group questions with group=1). Linked-activity options carry is_disabled when that activity is private, full or past its deadline (§5). 404 not_found.",
  spec: '§7 Forms, §5',
  tags: ['forms'],
  isPublic: false,
  params: FormIdParams,
  querystring: FormQuestionsQuerystring,
  response: z.object({ results: z.array(FormQuestion) }),
});

/**
 * Querystring of GET /forms/{id}/answers: the caller's answers on their ticket of this form's
 * activity (or `ticket_id`, a ticket they hold or lead), or with `group=1&agent_id=` their group's.
 */
export const FormAnswersQuerystring = z.object({
  group: z.enum(['0', '1']).optional(),
  ticket_id: ObjectIdString.optional(),
  agent_id: ObjectIdString.optional(),
});

/** Stored answers and whose they are. */
export const FormAnswersResponse = z.object({
  form_id: WireId,
  ticket_id: WireId.nullable(),
  agent_id: WireId.nullable(),
  data: FormAnswers,
});
export type FormAnswersResponse = z.infer<typeof FormAnswersResponse>;

export const getFormAnswers = defineRoute({
  method: 'GET',
  path: '/forms/:id/answers',
  summary:
    "The caller's stored answers for this form (their ticket, a ticket they lead, or with group=1 their group's). 401 login.required; 404 not_found when there is none or it is someone else's.",
  spec: '§7 Forms',
  tags: ['forms'],
  isPublic: false,
  params: FormIdParams,
  querystring: FormAnswersQuerystring,
  response: FormAnswersResponse,
});

/**
 * Body of PUT /forms/{id}/answers: new answers (`data`) for the caller's ticket (`ticket_id`
 * optional when they hold exactly one) or, with `group=1` and `agent_id`, their group's questions.
 */
export const PutFormAnswersBody = z.object({
  data: FormAnswers,
  ticket_id: ObjectIdString.optional(),
  agent_id: ObjectIdString.optional(),
  group: z.union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0)]).optional(),
});
export type PutFormAnswersBody = z.infer<typeof PutFormAnswersBody>;

export const putFormAnswers = defineRoute({
  method: 'PUT',
  path: '/forms/:id/answers',
  summary:
    'Resubmits answers (§4 Activity registration): allowed before the deadline with enable_resubmit_answer, or with enable_deadline_answer; else 409 registration.resubmit_not_allowed / registration.deadline_passed. Answers whose conditions fail are dropped; 400 form.required (details per question) / phone.invalid / email.invalid / id_number.invalid; 409 id_number.exists / phone.registered / email.registered. A resubmission under review goes back to status 0. 404 for anything not the caller’s.',
  spec: '§7 Forms, §4, §5',
  tags: ['forms'],
  isPublic: false,
  params: FormIdParams,
  body: PutFormAnswersBody,
  response: FormAnswersResponse,
});
