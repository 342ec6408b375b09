import { withQuery } from './paths.ts';

/**
 * The question and price-inquiry pages (§2 /meeting/enterprise/question, …/question/list,
 * …/question/{question_id}/answer; exhibitor area /meeting/exhibitor/ask/list and /ask): their part
 * of the route table and link helpers. Apart from paths.ts so they load with those pages (router.tsx
 * discovers them on first visit), not with the home page's first script (DESIGN §10).
 */
export const questionRoutes = {
  /** Ask form (`enterprise_id`; `type=price` opens the price inquiry, optional `product_id`). */
  ask: '/meeting/enterprise/question',
  /** An enterprise's questions and answers (`enterprise_id`). */
  list: '/meeting/enterprise/question/list',
  /** The bound exhibitor answers one question. */
  answer: '/meeting/enterprise/question/:questionId/answer',
  /** Inbox: the enterprise's questions and inquiries for its exhibitor, the caller's own for everyone. */
  inbox: '/meeting/exhibitor/ask/list',
  /** One price inquiry's thread (`ask_id`), for the inquirer and the bound exhibitor. */
  thread: '/meeting/exhibitor/ask',
} as const;

type MeetingArg = { meetingId: string };

/** The inbox tabs. */
export type InboxTab = 'questions' | 'inquiries' | 'mine';

/** Link helpers of the question pages (typed, never string literals: DESIGN §4.8). */
export const questionPaths = {
  ask: ({ meetingId, enterpriseId }: MeetingArg & { enterpriseId: string }) =>
    withQuery(questionRoutes.ask, { enterprise_id: enterpriseId, meeting_id: meetingId }),
  /** "Ask for a price" of an enterprise, or of one of its products. */
  askPrice: ({
    meetingId,
    enterpriseId,
    productId,
  }: MeetingArg & { enterpriseId: string; productId?: string }) =>
    withQuery(questionRoutes.ask, {
      enterprise_id: enterpriseId,
      type: 'price',
      product_id: productId,
      meeting_id: meetingId,
    }),
  list: ({ meetingId, enterpriseId }: MeetingArg & { enterpriseId: string }) =>
    withQuery(questionRoutes.list, { enterprise_id: enterpriseId, meeting_id: meetingId }),
  answer: ({ meetingId, questionId }: MeetingArg & { questionId: string }) =>
    withQuery(`/meeting/enterprise/question/${encodeURIComponent(questionId)}/answer`, {
      meeting_id: meetingId,
    }),
  inbox: ({ meetingId, tab }: MeetingArg & { tab?: InboxTab }) =>
    withQuery(questionRoutes.inbox, { meeting_id: meetingId, tab }),
  thread: ({ meetingId, askId }: MeetingArg & { askId: string }) =>
    withQuery(questionRoutes.thread, { ask_id: askId, meeting_id: meetingId }),
} as const;
