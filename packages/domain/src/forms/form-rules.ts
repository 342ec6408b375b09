import { normaliseEmail } from '../contact/email.ts';
import { parseIdNumber } from '../contact/id-number.ts';
import { normalisePhone } from '../contact/phone.ts';
import { textLimits } from '../text-limits.ts';

/**
 * Registration form rules shared by client and server (§5): which questions show,
 * dropping answers whose conditions fail, validating the rest, and mapping answers onto a ticket.
 * Structural types so both the wire objects and server rows fit.
 */

export type RuleQuestion = {
  id: string;
  type: string;
  is_required: 0 | 1;
  field?: string | null;
  options: { id: string; activity_id?: string; is_disabled?: 0 | 1 }[];
  condition?: { question_id?: string; option_ids?: string[]; price_ids?: string[] } | null;
};

export type RuleAnswer = string | string[] | { area_code: string; number: string };
export type RuleAnswers = Record<string, RuleAnswer>;

/**
 * One problem with one answer; `key` is the i18n / error key shown beside the question, `max` the
 * question's limit in characters when the answer is too long (text.too_long).
 */
export type AnswerProblem = {
  questionId: string;
  max?: number;
  key:
    | 'form.required'
    | 'phone.invalid'
    | 'email.invalid'
    | 'id_number.invalid'
    | 'option.invalid'
    | 'option.disabled'
    | 'date.invalid'
    | 'price.invalid'
    | 'text.too_long';
};

/** Option ids an answer holds (a radio/price/activity string, or a checkbox list). */
function chosenIds(answer: RuleAnswer | undefined): string[] {
  if (answer === undefined) return [];
  if (typeof answer === 'string') return answer === '' ? [] : [answer];
  if (Array.isArray(answer)) return answer;
  return [];
}

/**
 * Whether a question shows given the answers and the chosen ticket type (§5 conditions by option or
 * price id). A question conditioned on a hidden question is hidden too; a condition cycle hides all
 * of its questions.
 */
export function isQuestionVisible(
  question: RuleQuestion,
  answers: RuleAnswers,
  priceId: string | null,
  byId: Map<string, RuleQuestion>,
  seen: Set<string> = new Set(),
): boolean {
  const condition = question.condition;
  if (!condition || (!condition.option_ids?.length && !condition.price_ids?.length)) return true;
  if (seen.has(question.id)) return false;
  seen.add(question.id);
  if (priceId && condition.price_ids?.includes(priceId)) return true;
  if (condition.question_id && condition.option_ids?.length) {
    const parent = byId.get(condition.question_id);
    if (!parent || !isQuestionVisible(parent, answers, priceId, byId, seen)) return false;
    const chosen = chosenIds(answers[condition.question_id]);
    return chosen.some((id) => condition.option_ids?.includes(id));
  }
  return false;
}

/** The questions that show for these answers and ticket type, in the given order. */
export function visibleQuestions<Q extends RuleQuestion>(
  questions: Q[],
  answers: RuleAnswers,
  priceId: string | null,
): Q[] {
  const byId = new Map<string, RuleQuestion>(questions.map((q) => [q.id, q]));
  return questions.filter((q) => isQuestionVisible(q, answers, priceId, byId));
}

function isEmpty(answer: RuleAnswer | undefined): boolean {
  if (answer === undefined) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.length === 0;
  return answer.number.trim() === '';
}

/**
 * The answers to keep (§5 "answers whose conditions are not met are dropped before submit"): only
 * answers to visible questions, empty ones left out. The server applies it too, so a client that
 * sends hidden answers changes nothing.
 */
export function keepVisibleAnswers(
  questions: RuleQuestion[],
  answers: RuleAnswers,
  priceId: string | null,
): RuleAnswers {
  const kept: RuleAnswers = {};
  for (const question of visibleQuestions(questions, answers, priceId)) {
    const answer = answers[question.id];
    if (!isEmpty(answer)) kept[question.id] = answer as RuleAnswer;
  }
  return kept;
}

/** The price id chosen in a 'price' question, if the form has one. */
export function chosenPriceId(questions: RuleQuestion[], answers: RuleAnswers): string | null {
  const question = questions.find((q) => q.type === 'price');
  const answer = question ? answers[question.id] : undefined;
  return typeof answer === 'string' && answer !== '' ? answer : null;
}

function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Problems with the visible answers: required questions left empty ('This is a required field'),
 * answers longer than their question takes (answerMaxLength), invalid phones (§5 zh-CN mobiles for 86), e-mails, ID numbers (§5), dates, and options that do not
 * exist or are disabled (§5 linked activities). `priceIds` are the activity's live ticket types.
 */
export function validateAnswers(
  questions: RuleQuestion[],
  answers: RuleAnswers,
  priceId: string | null,
  priceIds: string[] = [],
): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  for (const question of visibleQuestions(questions, answers, priceId)) {
    const answer = answers[question.id];
    const questionId = question.id;
    if (isEmpty(answer)) {
      if (question.is_required === 1) problems.push({ questionId, key: 'form.required' });
      continue;
    }
    const problem = answerProblem(question, answer as RuleAnswer, priceIds);
    if (problem === 'text.too_long') {
      problems.push({ questionId, key: problem, max: answerMaxLength(question) as number });
    } else if (problem) problems.push({ questionId, key: problem });
  }
  return problems;
}

/**
 * The longest answer a question takes, in characters (textLimits): a name field 64, a job or company
 * 200, an e-mail 254, a phone number 32, a file answer's URL 2,048, any other text answer 500 (§5
 * "answer at most 500 characters"); null for choices, which are checked against their options.
 */
export function answerMaxLength(question: Pick<RuleQuestion, 'type' | 'field'>): number | null {
  if (question.field === 'name') return textLimits.name;
  if (question.field === 'job' || question.field === 'company') return textLimits.title;
  switch (question.type) {
    case 'radio':
    case 'checkbox':
    case 'price':
    case 'activity':
      return null;
    case 'email':
      return textLimits.email;
    case 'phone':
      return textLimits.phone;
    case 'file':
      return textLimits.url;
    default:
      return textLimits.answer;
  }
}

/** Whether a text answer (or a phone answer's number) is longer than its question allows. */
function isTooLong(question: RuleQuestion, answer: RuleAnswer): boolean {
  const max = answerMaxLength(question);
  if (max === null) return false;
  const text = typeof answer === 'string' ? answer : Array.isArray(answer) ? null : answer.number;
  return text !== null && text.length > max;
}

function answerProblem(
  question: RuleQuestion,
  answer: RuleAnswer,
  priceIds: string[],
): AnswerProblem['key'] | null {
  if (isTooLong(question, answer)) return 'text.too_long';
  switch (question.type) {
    case 'phone': {
      if (typeof answer !== 'object' || Array.isArray(answer)) return 'phone.invalid';
      return normalisePhone(answer.number, answer.area_code) ? null : 'phone.invalid';
    }
    case 'email':
      return typeof answer === 'string' && normaliseEmail(answer) ? null : 'email.invalid';
    case 'id_number':
      return typeof answer === 'string' && parseIdNumber(answer) ? null : 'id_number.invalid';
    case 'date':
      return typeof answer === 'string' && isValidDate(answer) ? null : 'date.invalid';
    case 'price':
      return typeof answer === 'string' && priceIds.includes(answer) ? null : 'price.invalid';
    case 'radio':
    case 'activity':
    case 'checkbox': {
      const ids = chosenIds(answer);
      if (typeof answer === 'object' && !Array.isArray(answer)) return 'option.invalid';
      if (question.type !== 'checkbox' && ids.length !== 1) return 'option.invalid';
      for (const id of ids) {
        const option = question.options.find((o) => o.id === id);
        if (!option) return 'option.invalid';
        if (option.is_disabled === 1) return 'option.disabled';
      }
      return null;
    }
    default:
      return typeof answer === 'string' ? null : 'form.required';
  }
}

/** Ticket columns filled from answers (§3 Registrant: name, phone, email, job, ID number). */
export type RegistrantFields = {
  name: string;
  phone: { e164: string; areaCode: string; national: string } | null;
  email: string | null;
  idNumber: string | null;
  job: string;
  company: string;
};

/**
 * The registrant's identity from the answers of questions that carry a `field`. Call it on
 * validated, visible answers; invalid values come back null.
 */
export function registrantFields(questions: RuleQuestion[], answers: RuleAnswers): RegistrantFields {
  const fields: RegistrantFields = {
    name: '',
    phone: null,
    email: null,
    idNumber: null,
    job: '',
    company: '',
  };
  for (const question of questions) {
    const answer = answers[question.id];
    if (answer === undefined || !question.field) continue;
    if (question.field === 'phone' && typeof answer === 'object' && !Array.isArray(answer)) {
      const phone = normalisePhone(answer.number, answer.area_code);
      fields.phone = phone ? { e164: phone.e164, areaCode: phone.areaCode, national: phone.national } : null;
    } else if (typeof answer === 'string') {
      if (question.field === 'email') fields.email = normaliseEmail(answer);
      else if (question.field === 'id_number') fields.idNumber = parseIdNumber(answer)?.normalised ?? null;
      else if (question.field === 'name') fields.name = answer.trim();
      else if (question.field === 'job') fields.job = answer.trim();
      else if (question.field === 'company') fields.company = answer.trim();
    }
  }
  return fields;
}
