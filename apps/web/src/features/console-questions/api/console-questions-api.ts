import type {
  ConsoleInquiry,
  ConsoleQuestion,
  ConsoleQuestionQuerystring,
  listConsoleInquiries,
  listConsoleQuestions,
} from '@app/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The console's question and inquiry lists (DESIGN §7), typed from console-questions.contracts.ts;
 * 403 no_permission for a role without community.read.
 */

/** Rows per page of the tables. */
export const consoleQuestionsPageSize = 50;

type Filter = Pick<ConsoleQuestionQuerystring, 'answered' | 'status'>;

/** GET …/questions?answered&limit&skip: a page of the meeting's questions and the total. */
export const consoleQuestionsQueryOptions = (meetingId: string, filter: Filter, skip: number) =>
  queryOptions({
    queryKey: ['console', 'questions', meetingId, filter.answered ?? '', skip],
    queryFn: () =>
      api.get<{ items: ConsoleQuestion[]; total: number }>(
        fillPath<typeof listConsoleQuestions>('/console/meetings/:meeting_id/questions', {
          meeting_id: meetingId,
        }),
        { answered: filter.answered, limit: consoleQuestionsPageSize, skip },
      ),
    placeholderData: keepPreviousData,
  });

/** GET …/inquiries?status&limit&skip: a page of the meeting's inquiries and the total. */
export const consoleInquiriesQueryOptions = (meetingId: string, filter: Filter, skip: number) =>
  queryOptions({
    queryKey: ['console', 'inquiries', meetingId, filter.status ?? '', skip],
    queryFn: () =>
      api.get<{ items: ConsoleInquiry[]; total: number }>(
        fillPath<typeof listConsoleInquiries>('/console/meetings/:meeting_id/inquiries', {
          meeting_id: meetingId,
        }),
        { status: filter.status, limit: consoleQuestionsPageSize, skip },
      ),
    placeholderData: keepPreviousData,
  });
