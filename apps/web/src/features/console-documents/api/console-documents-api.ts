import type {
  ConsoleDocumentCategory,
  ConsoleViewAnalytics,
  createConsoleDocument,
  createConsoleDocumentCategory,
  deleteConsoleDocument,
  deleteConsoleDocumentCategory,
  getConsoleViewAnalytics,
  listConsoleDocumentCategories,
  listConsoleDocuments,
  MeetingDocument,
  reorderConsoleDocuments,
  updateConsoleDocument,
  updateConsoleDocumentCategory,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import type { RequestBody } from '../../../lib/api/client.ts';

/**
 * The console's documents and view-analytics calls (DESIGN §7), typed from packages/contracts
 * documents.contracts.ts and views.contracts.ts. Writes need pages.edit, the analytics
 * dashboard.read (403 no_permission otherwise); an edit sends the `updated_at_ms` it read (409
 * conflict.stale when someone saved in between).
 */

export const consoleDocumentsKeys = {
  all: (meetingId: string) => ['console', 'documents', meetingId] as const,
  documents: (meetingId: string) => ['console', 'documents', meetingId, 'list'] as const,
  categories: (meetingId: string) => ['console', 'documents', meetingId, 'categories'] as const,
  views: (meetingId: string) => ['console', 'views', meetingId] as const,
};

export const documentsQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleDocumentsKeys.documents(meetingId),
    queryFn: () =>
      api.get<{ items: MeetingDocument[] }>(
        fillPath<typeof listConsoleDocuments>('/console/meetings/:meeting_id/attachments', {
          meeting_id: meetingId,
        }),
      ),
  });

export const documentCategoriesQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleDocumentsKeys.categories(meetingId),
    queryFn: () =>
      api.get<{ items: ConsoleDocumentCategory[] }>(
        fillPath<typeof listConsoleDocumentCategories>(
          '/console/meetings/:meeting_id/attachment_categories',
          {
            meeting_id: meetingId,
          },
        ),
      ),
  });

export const viewAnalyticsQueryOptions = (meetingId: string, limit = 10) =>
  queryOptions({
    queryKey: [...consoleDocumentsKeys.views(meetingId), limit],
    queryFn: () =>
      api.get<ConsoleViewAnalytics>(
        fillPath<typeof getConsoleViewAnalytics>('/console/meetings/:meeting_id/views', {
          meeting_id: meetingId,
        }),
        { limit },
      ),
    refetchInterval: 15_000,
  });

/** POST …/attachments: a document from an uploaded file's key. */
export const createDocument = (meetingId: string, body: RequestBody) =>
  api.post<MeetingDocument>(
    fillPath<typeof createConsoleDocument>('/console/meetings/:meeting_id/attachments', {
      meeting_id: meetingId,
    }),
    body,
  );

/** PUT …/attachments/{id}: title, category, weight (with the updated_at_ms read). */
export const updateDocument = (meetingId: string, id: string, body: RequestBody) =>
  api.put<MeetingDocument>(
    fillPath<typeof updateConsoleDocument>('/console/meetings/:meeting_id/attachments/:id', {
      meeting_id: meetingId,
      id,
    }),
    body,
  );

export const deleteDocument = (meetingId: string, id: string) =>
  api.delete<{ ok: 1 }>(
    fillPath<typeof deleteConsoleDocument>('/console/meetings/:meeting_id/attachments/:id', {
      meeting_id: meetingId,
      id,
    }),
  );

/** PUT …/attachments_order: the documents in the order given, heaviest first. */
export const reorderDocuments = (meetingId: string, ids: string[]) =>
  api.put<{ items: MeetingDocument[] }>(
    fillPath<typeof reorderConsoleDocuments>('/console/meetings/:meeting_id/attachments_order', {
      meeting_id: meetingId,
    }),
    Object.fromEntries(ids.map((id, index) => [`ids[${index}]`, id])),
  );

export const createDocumentCategory = (meetingId: string, body: RequestBody) =>
  api.post<ConsoleDocumentCategory>(
    fillPath<typeof createConsoleDocumentCategory>('/console/meetings/:meeting_id/attachment_categories', {
      meeting_id: meetingId,
    }),
    body,
  );

export const updateDocumentCategory = (meetingId: string, id: string, body: RequestBody) =>
  api.put<ConsoleDocumentCategory>(
    fillPath<typeof updateConsoleDocumentCategory>(
      '/console/meetings/:meeting_id/attachment_categories/:id',
      {
        meeting_id: meetingId,
        id,
      },
    ),
    body,
  );

export const deleteDocumentCategory = (meetingId: string, id: string) =>
  api.delete<{ ok: 1 }>(
    fillPath<typeof deleteConsoleDocumentCategory>(
      '/console/meetings/:meeting_id/attachment_categories/:id',
      {
        meeting_id: meetingId,
        id,
      },
    ),
  );
