import type {
  getInquiry,
  Inquiry,
  InquiryThread,
  listInquiries,
  replyInquiry,
  sendInquiry,
  updateInquiry,
} from '@app/contracts';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

export const inquiryPageSize = 20;

/** Whose inquiries: the caller's own, or those to the enterprise they are bound to. */
export type InquirySide = 'user' | 'enterprise';

/** GET /enterprise/asks (§7 Enterprises): one page of a side's inquiries, latest activity first. */
export function fetchInquiries(
  filter: { meetingId: string; side: InquirySide },
  page: { limit: number; skip: number },
): Promise<Inquiry[]> {
  return api.list<Inquiry>(contractPath<typeof listInquiries>('/enterprise/asks'), {
    meeting_id: filter.meetingId,
    type: filter.side,
    limit: page.limit,
    skip: page.skip,
  });
}

export const inquiryPagesOptions = (filter: { meetingId: string; side: InquirySide }) =>
  infiniteQueryOptions({
    queryKey: ['inquiries', 'list', filter.meetingId, filter.side],
    queryFn: ({ pageParam }) => fetchInquiries(filter, { limit: inquiryPageSize, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < inquiryPageSize ? undefined : pages.length * inquiryPageSize,
    staleTime: 0,
  });

export const useInquiryPages = (filter: { meetingId: string; side: InquirySide }, enabled = true) =>
  useInfiniteQuery({ ...inquiryPagesOptions(filter), enabled });

/** GET /enterprise/asks/{id}: the thread (404 for anyone but its two sides → null). */
export const useInquiryThread = (askId: string | undefined) =>
  useQuery({
    queryKey: ['inquiries', 'thread', askId ?? ''],
    queryFn: () =>
      api
        .get<InquiryThread>(fillPath<typeof getInquiry>('/enterprise/asks/:id', { id: askId ?? '' }))
        .catch((error: unknown) => {
          if ((error as { status?: number }).status === 404) return null;
          throw error;
        }),
    enabled: askId !== undefined,
    staleTime: 0,
    refetchInterval: 15_000,
  });

export function refreshInquiries(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['inquiries'] });
}

/**
 * POST /enterprises/{id}/asks (§3 Price inquiry): content, optional product and amount as typed.
 * @throws ApiError 400 form.required / inquiry.amount_invalid / content.sensitive; 403 moderation.banned.
 */
export function sendInquiryRequest(input: {
  meetingId: string;
  enterpriseId: string;
  productId?: string | undefined;
  content: string;
  amount: string;
}): Promise<InquiryThread> {
  return api.post<InquiryThread>(
    fillPath<typeof sendInquiry>('/enterprises/:id/asks', { id: input.enterpriseId }),
    {
      meeting_id: input.meetingId,
      content: input.content,
      ...(input.productId ? { product_id: input.productId } : {}),
      ...(input.amount.trim() ? { amount: input.amount.trim() } : {}),
    },
  );
}

/** POST /enterprise/asks/{id}/messages: a message in the thread. @throws 409 item.closed. */
export function replyInquiryRequest(askId: string, content: string): Promise<InquiryThread> {
  return api.post<InquiryThread>(
    fillPath<typeof replyInquiry>('/enterprise/asks/:id/messages', { id: askId }),
    {
      content,
    },
  );
}

/** PUT /enterprise/asks/{id}: closes the inquiry. */
export function closeInquiryRequest(askId: string): Promise<InquiryThread> {
  return api.put<InquiryThread>(fillPath<typeof updateInquiry>('/enterprise/asks/:id', { id: askId }), {
    status: 'closed',
  });
}
