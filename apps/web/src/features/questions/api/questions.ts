import type {
  AnswerQuestionBody,
  answerQuestion,
  askQuestion,
  listQuestions,
  Question,
  updateQuestion,
} from '@app/contracts';
import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

/** One page of a questions list (load more). */
export const questionPageSize = 20;

const listPath = contractPath<typeof listQuestions>('/enterprise/questions');

/** Which questions: an enterprise's, the caller's own (`mine`), answered or not. */
export type QuestionFilter = {
  meetingId: string;
  enterpriseId?: string | undefined;
  mine?: boolean;
  answered?: '0' | '1' | undefined;
};

/**
 * GET /enterprise/questions (§7 Enterprises, §6): one page of the questions the caller may see,
 * newest first — public ones, plus their own and, for the bound exhibitor, the enterprise's private ones.
 */
export function fetchQuestions(
  filter: QuestionFilter,
  page: { limit: number; skip: number },
): Promise<Question[]> {
  return api.list<Question>(listPath, {
    meeting_id: filter.meetingId,
    enterprise_id: filter.enterpriseId,
    mine: filter.mine ? '1' : undefined,
    answered: filter.answered,
    limit: page.limit,
    skip: page.skip,
  });
}

export const questionPagesOptions = (filter: QuestionFilter) =>
  infiniteQueryOptions({
    queryKey: [
      'questions',
      'list',
      filter.meetingId,
      filter.enterpriseId ?? '',
      filter.mine ? 1 : 0,
      filter.answered ?? '',
    ],
    queryFn: ({ pageParam }) => fetchQuestions(filter, { limit: questionPageSize, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < questionPageSize ? undefined : pages.length * questionPageSize,
    staleTime: 0,
  });

/** The pages of a questions list. */
export const useQuestionPages = (filter: QuestionFilter, enabled = true) =>
  useInfiniteQuery({ ...questionPagesOptions(filter), enabled });

/** One question by id (null when the caller may not see it). */
export const useQuestion = (meetingId: string, questionId: string | undefined) =>
  useQuery({
    queryKey: ['questions', 'one', meetingId, questionId ?? ''],
    queryFn: async () => {
      const [question] = await api.list<Question>(listPath, {
        meeting_id: meetingId,
        _id: questionId,
        limit: 1,
      });
      return question ?? null;
    },
    enabled: questionId !== undefined,
    staleTime: 0,
  });

/** Every question list and detail refetches after a change. */
export function refreshQuestions(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['questions'] });
}

/**
 * POST /enterprises/{id}/questions (§7 Enterprises): asks publicly (1) or privately (0).
 * @throws ApiError 400 form.required / content.sensitive (data.category); 403 moderation.banned.
 */
export function askQuestionRequest(input: {
  meetingId: string;
  enterpriseId: string;
  content: string;
  isPublic: boolean;
}): Promise<Question> {
  return api.post<Question>(
    fillPath<typeof askQuestion>('/enterprises/:id/questions', { id: input.enterpriseId }),
    {
      meeting_id: input.meetingId,
      content: input.content,
      is_public: input.isPublic ? '1' : '0',
    },
  );
}

/** PUT /enterprise/questions/{id}/answers: writes or edits the answer (≤ 500, §5). */
export function answerQuestionRequest(questionId: string, body: AnswerQuestionBody): Promise<Question> {
  return api.put<Question>(
    fillPath<typeof answerQuestion>('/enterprise/questions/:id/answers', { id: questionId }),
    body,
  );
}

/** PUT /enterprise/questions/{id}: turns the question public (1) or private (0), §4 Q&A. */
export function toggleQuestionRequest(questionId: string, isPublic: boolean): Promise<Question> {
  return api.put<Question>(fillPath<typeof updateQuestion>('/enterprise/questions/:id', { id: questionId }), {
    is_public: isPublic ? '1' : '0',
  });
}

/** The public/private toggle as a mutation; lists refresh after it. */
export function useToggleQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { questionId: string; isPublic: boolean }) =>
      toggleQuestionRequest(input.questionId, input.isPublic),
    onSuccess: () => refreshQuestions(queryClient),
  });
}
