import { z } from 'zod';
import { Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Questions to exhibitors (§3 Question, §4 Q&A, §5, §6, §7 Enterprises, §8). A visitor asks an
 * enterprise exhibiting at a meeting, publicly or privately; only the exhibitor bound to that
 * enterprise answers (≤ 500 characters, editable) and may turn the question public or private. Public
 * questions are listed for everyone; private ones only for the asker and the bound exhibitor.
 */

/** Moderation state of a user-written item as its author sees it ('visible' for everyone else). */
export const QaItemState = z.enum(['visible', 'review', 'blocked']);
export type QaItemState = z.infer<typeof QaItemState>;

/** A '0' / '1' flag as a form-encoded or JSON body may send it. */
export const QaFlagInput = z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])]);

/**
 * A person in a community item. `phone` (E.164) and `email` are '' unless the viewer may see them
 * (§6): the author themself, and the bound exhibitor for the asker of a private question.
 */
export const QaPerson = z.object({
  _id: WireId,
  username: z.string(),
  avatar: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type QaPerson = z.infer<typeof QaPerson>;

/** The enterprise asked. */
export const QaEnterprise = z.object({ _id: WireId, title: LocalizedText, logo: z.string() });

/** One question as the viewer sees it. */
export const Question = z.object({
  _id: WireId,
  meeting_id: WireId,
  enterprise_id: WireId,
  enterprise: QaEnterprise,
  user: QaPerson,
  content: z.string(),
  is_public: Flag,
  /** The exhibitor's answer ('' while unanswered, or while the answer is withheld by moderation). */
  answer: z.string(),
  is_answered: Flag,
  answered_at: UnixSeconds.nullable(),
  /** The question's moderation state: 'review' / 'blocked' are only ever shown to the asker. */
  state: QaItemState,
  /** The answer's moderation state, shown to the exhibitor who wrote it. */
  answer_state: QaItemState,
  /** 1 when the viewer asked it. */
  is_mine: Flag,
  /** 1 when the viewer is the bound exhibitor of the enterprise (may answer and toggle). */
  can_answer: Flag,
  created: UnixSeconds,
  updated: UnixSeconds,
});
export type Question = z.infer<typeof Question>;

/** Body of POST /enterprises/{id}/questions. */
export const AskQuestionBody = z.strictObject({
  meeting_id: ObjectIdString,
  /** Required (400 form.required when empty), ≤ 500 characters (textLimits.description). */
  content: z.string().max(textLimits.description),
  /** 1 public (default), 0 private: seen only by the asker and the bound exhibitor (§6). */
  is_public: QaFlagInput.optional(),
});
export type AskQuestionBody = z.infer<typeof AskQuestionBody>;

const questionErrors =
  '400 form.required (empty content, details: This is a required field) / content.sensitive (data.category, §5); 401 login.required; 403 moderation.banned; 404 not_found (the enterprise does not exhibit at the meeting).';

export const askQuestion = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/questions',
  summary: `Asks an enterprise exhibiting at the meeting a public or private question; the text is moderated first. ${questionErrors}`,
  spec: '§7 Enterprises, §3 Question, §5, §8',
  tags: ['questions'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: AskQuestionBody,
  response: Question,
});

/**
 * Querystring of GET /enterprise/questions: a meeting's questions, newest first. `enterprise_id`
 * keeps one enterprise's; `mine=1` the caller's own; `answered` 1 / 0 those with / without an answer;
 * `_id` one question. Public ones for everyone; private ones for the asker and the bound exhibitor.
 */
export const QuestionListQuerystring = z.object({
  meeting_id: ObjectIdString,
  enterprise_id: ObjectIdString.optional(),
  mine: z.enum(['0', '1']).optional(),
  answered: z.enum(['0', '1']).optional(),
  _id: ObjectIdString.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type QuestionListQuerystring = z.infer<typeof QuestionListQuerystring>;

export const listQuestions = defineRoute({
  method: 'GET',
  path: '/enterprise/questions',
  summary:
    "Questions of a meeting the caller may see (§6): public ones for everyone, private ones for their asker and the enterprise's bound exhibitor; moderated-away ones only for their author. Contacts are filled only where §6 allows.",
  spec: '§7 Enterprises, §4 Q&A, §6',
  tags: ['questions'],
  isPublic: false,
  querystring: QuestionListQuerystring,
  response: resultsOf(Question).extend({ total: z.number().int().nonnegative() }),
});

/** Body of PUT /enterprise/questions/{id}: the public/private toggle (§4 Q&A). */
export const UpdateQuestionBody = z.strictObject({ is_public: QaFlagInput });
export type UpdateQuestionBody = z.infer<typeof UpdateQuestionBody>;

export const updateQuestion = defineRoute({
  method: 'PUT',
  path: '/enterprise/questions/:id',
  summary:
    'Turns a question public or private: the bound exhibitor either way, the asker only to private. 403 no_permission (anyone else, §6); 404 not_found.',
  spec: '§7 Enterprises, §4 Q&A, §6',
  tags: ['questions'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: UpdateQuestionBody,
  response: Question,
});

/** Body of PUT /enterprise/questions/{id}/answers: the answer, ≤ 500 characters (§5). */
export const AnswerQuestionBody = z.strictObject({ answer: z.string().max(textLimits.answer) });
export type AnswerQuestionBody = z.infer<typeof AnswerQuestionBody>;

export const answerQuestion = defineRoute({
  method: 'PUT',
  path: '/enterprise/questions/:id/answers',
  summary:
    "Writes or edits the answer (≤ 500 characters, §5); only the enterprise's bound exhibitor (§6). The asker is told by e-mail or SMS when it is first answered. 400 validation_failed (longer than 500) / form.required (empty) / content.sensitive; 403 no_permission / moderation.banned; 404 not_found.",
  spec: '§7 Enterprises, §4 Q&A, §5, §6',
  tags: ['questions'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: AnswerQuestionBody,
  response: Question,
});
