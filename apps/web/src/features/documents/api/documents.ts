import type {
  Category,
  clearFootprints,
  deleteFootprint,
  Footprint,
  listCategories,
  listFootprints,
  listMeetingDocuments,
  MeetingDocument,
  recordMeetingAttachmentView,
} from '@app/contracts';
import { limits } from '@app/contracts/wire/limits.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

/** GET /meeting/attachments: the meeting's documents, heaviest first (§2 /meeting/doc). */
export const useDocuments = (meetingId: string) =>
  useQuery({
    queryKey: ['documents', meetingId],
    queryFn: () =>
      api.list<MeetingDocument>(contractPath<typeof listMeetingDocuments>('/meeting/attachments'), {
        meeting_id: meetingId,
      }),
    staleTime: 60_000,
  });

/** GET /meeting_attachment/categories of the meeting (§7 Categories): the page's groups. */
export const useDocumentCategories = (meetingId: string) =>
  useQuery({
    queryKey: ['categories', 'meeting_attachment', meetingId],
    queryFn: () =>
      api.list<Category>(
        fillPath<typeof listCategories>('/:type/categories', { type: 'meeting_attachment' }),
        {
          query: { meeting_id: meetingId },
          limit: limits.maxList,
        },
      ),
    staleTime: 300_000,
  });

/**
 * Counts an opened document (POST /meetings/{id}/attachments/views; `user_id` '' becomes the device
 * id and the stored source is added, §7). Failures are ignored: counting never blocks the visitor.
 */
export function recordDocumentView(meetingId: string, attachmentId: string): void {
  const path = fillPath<typeof recordMeetingAttachmentView>('/meetings/:id/attachments/views', {
    id: meetingId,
  });
  api.post(path, { attachment_id: attachmentId, user_id: '' }).catch(() => {});
}

/** Counts a view of the documents page itself (POST /meetings/{id}/attachments/views, no document). */
export function recordDocumentsPageView(meetingId: string): void {
  const path = fillPath<typeof recordMeetingAttachmentView>('/meetings/:id/attachments/views', {
    id: meetingId,
  });
  api.post(path, { user_id: '' }).catch(() => {});
}

const footprintsKey = (meetingId: string) => ['footprints', meetingId];

/** GET /logs: the visitor's browsing history in this meeting, newest first (100 most recent). */
export const useFootprints = (meetingId: string) =>
  useQuery({
    queryKey: footprintsKey(meetingId),
    queryFn: () =>
      api.list<Footprint>(contractPath<typeof listFootprints>('/logs'), {
        meeting_id: meetingId,
        limit: 100,
      }),
  });

/** DELETE /logs/{id}: removes one entry of the visitor's own history. */
export function useDeleteFootprint(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ deleted: 1 }>(fillPath<typeof deleteFootprint>('/logs/:id', { id })),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: footprintsKey(meetingId) });
      client.setQueryData<Footprint[]>(footprintsKey(meetingId), (list) =>
        list?.filter((item) => item._id !== id),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: footprintsKey(meetingId) }),
  });
}

/** DELETE /logs?meeting_id: clears the visitor's history in this meeting. */
export function useClearFootprints(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete<{ deleted: number }>(
        `${contractPath<typeof clearFootprints>('/logs')}?meeting_id=${encodeURIComponent(meetingId)}`,
      ),
    onSuccess: () => client.setQueryData<Footprint[]>(footprintsKey(meetingId), []),
  });
}
