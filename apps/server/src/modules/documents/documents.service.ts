import {
  type ConsoleDocumentCategory,
  type CreateDocumentBody,
  ErrorCode,
  fileIconOf,
  fileUrl,
  type MeetingDocument,
  toWireId,
  type UpdateDocumentBody,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix, wireIdOrNull } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Storage, StoredObject } from '../../providers/storage/storage.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { originalStorageKey } from '../media/media.keys.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import {
  type CategoryRow,
  type DocumentRow,
  documentCategoryType,
  findAttachmentUpload,
  findDocumentCategory,
  findDocumentsOfMeeting,
  findLiveDocument,
  insertCategory,
  insertDocument,
  listDocumentCategories,
  listDocuments,
  lockDocument,
  maxDocumentWeight,
  updateCategory,
  updateDocument,
} from './documents.repository.ts';

/** The console action that manages documents and their categories (roles.permissions.ts). */
const editAction = 'pages.edit' as const;

/** The wire shape of a document (§2 /meeting/doc). */
export function toWireDocument(row: DocumentRow): MeetingDocument {
  const base = `/api/meeting/attachments/${row.id}/file`;
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    category_id: wireIdOrNull(row.categoryId),
    title: row.title,
    file_name: row.fileName,
    mime: row.mime,
    size: row.size,
    icon: fileIconOf(row.fileName, row.mime),
    url: fileUrl('attachment', row.fileKey),
    view_url: `${base}?disposition=inline`,
    download_url: base,
    weight: row.weight,
    views_total: Number(row.viewsTotal),
    created: unix(row.createdAt),
    updated_at_ms: row.updatedAt.getTime(),
  };
}

/**
 * GET /meeting/attachments (§2 /meeting/doc): the meeting's documents, weight descending.
 * @throws 404 not_found (no live meeting)
 */
export async function listMeetingDocuments(
  deps: { db: Database },
  input: { meetingId: string; categoryId?: string | undefined },
): Promise<MeetingDocument[]> {
  if (!(await findLiveMeetingById(deps.db, input.meetingId))) throw notFound('Meeting');
  return (await listDocuments(deps.db, input)).map(toWireDocument);
}

/** MIME types a browser shows itself: opened inline on request, every other type is downloaded. */
function isInlineable(mime: string): boolean {
  return mime === 'application/pdf' || mime.startsWith('image/') || mime.startsWith('video/');
}

/**
 * A Content-Disposition naming the file (RFC 6266): an ASCII fallback `filename` (non-ASCII and
 * quote-breaking characters as `_`) and the exact UTF-8 name as RFC 5987 `filename*`, so a Chinese
 * name downloads as itself.
 */
export function contentDispositionFor(type: 'inline' | 'attachment', fileName: string): string {
  const name = fileName.replace(/[\r\n"\\/]/g, '_') || 'file';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are replaced
  const ascii = name.replace(/[^\x20-\x7e]|[\u0000-\u001f%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * GET /meeting/attachments/{id}/file: the document's bytes and how to send them — inline (pdf,
 * images, video) when asked, else as a download under its own name.
 * @throws 404 not_found (no live document, or its bytes are gone)
 */
export async function openDocumentFile(
  deps: { db: Database; storage: Storage },
  input: { id: string; disposition?: 'inline' | 'attachment' | undefined },
): Promise<{ object: StoredObject; disposition: string; isInline: boolean }> {
  const row = await findLiveDocument(deps.db, input.id);
  if (!row) throw notFound('Attachment');
  const object = await deps.storage.get(originalStorageKey('attachment', row.fileKey));
  if (!object) throw notFound('Attachment');
  const isInline = input.disposition === 'inline' && isInlineable(row.mime);
  return {
    object,
    disposition: contentDispositionFor(isInline ? 'inline' : 'attachment', row.fileName),
    isInline,
  };
}

// ————— Console —————

const invalid = (path: string, message: string) =>
  new AppError(400, ErrorCode.validation, `${path}: ${message}`, [{ path, message }]);

function requireTitle(title: string | Record<string, string>): string | Record<string, string> {
  const isEmpty =
    typeof title === 'string'
      ? title.trim() === ''
      : Object.values(title).every((text) => text.trim() === '');
  if (isEmpty) throw invalid('title', 'This is a required field');
  return title;
}

async function checkCategory(db: Database, meetingId: string, categoryId: string | undefined) {
  if (categoryId === undefined) return undefined;
  if (categoryId === '') return null;
  if (!(await findDocumentCategory(db, meetingId, categoryId)))
    throw invalid('category_id', 'No such category');
  return categoryId;
}

/**
 * GET /console/meetings/{meeting_id}/attachments: the meeting's documents.
 * @throws 403 no_permission (pages.edit)
 */
export async function listConsoleDocuments(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<{ items: MeetingDocument[] }> {
  await requireCan(deps, { ...input, action: editAction });
  return { items: (await listDocuments(deps.db, { meetingId: input.meetingId })).map(toWireDocument) };
}

/**
 * POST /console/meetings/{meeting_id}/attachments: adds a document from an upload of the caller's in
 * the attachment bucket (its name, MIME type and size come from the upload row), above the others
 * unless a weight is given. Audited.
 * @throws 400 validation_failed (unknown upload or not the caller's, empty title, unknown category),
 *   403 no_permission
 */
export async function createConsoleDocument(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; body: CreateDocumentBody },
): Promise<MeetingDocument> {
  await requireCan(deps, { ...input, action: editAction });
  const title = requireTitle(input.body.title);
  const upload = await findAttachmentUpload(deps.db, input.body.key);
  if (!upload || upload.userId !== input.userId) throw invalid('key', 'No such upload of yours');
  const categoryId = await checkCategory(deps.db, input.meetingId, input.body.category_id);
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: editAction,
      entity: 'meeting_attachment',
    },
    async (tx) => {
      const row = await insertDocument(tx, {
        id: newId(),
        meetingId: input.meetingId,
        categoryId: categoryId ?? null,
        title,
        fileKey: upload.key,
        fileName: upload.originalName || upload.key.slice(upload.key.indexOf('/') + 1),
        mime: upload.mime,
        size: upload.size,
        weight: input.body.weight ?? (await maxDocumentWeight(tx, input.meetingId)) + 1,
      });
      const result = toWireDocument(row);
      return { result, after: result, entityId: row.id };
    },
  );
}

/**
 * PUT /console/meetings/{meeting_id}/attachments/{id}: title, category, weight. Audited.
 * @throws 400 validation_failed, 403 no_permission, 404 not_found, 409 conflict.stale
 */
export async function updateConsoleDocument(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string; body: UpdateDocumentBody },
): Promise<MeetingDocument> {
  await requireCan(deps, { ...input, action: editAction });
  const title = input.body.title === undefined ? undefined : requireTitle(input.body.title);
  const categoryId = await checkCategory(deps.db, input.meetingId, input.body.category_id);
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: editAction,
      entity: 'meeting_attachment',
      entityId: input.id,
    },
    async (tx) => {
      const before = await lockDocument(tx, input.meetingId, input.id);
      if (!before) throw notFound('Attachment');
      if (before.updatedAt.getTime() !== input.body.updated_at_ms) {
        throw new AppError(409, ErrorCode.staleWrite, 'changed by someone else, reload');
      }
      const row = await updateDocument(tx, input.id, {
        ...(title === undefined ? {} : { title }),
        ...(categoryId === undefined ? {} : { categoryId }),
        ...(input.body.weight === undefined ? {} : { weight: input.body.weight }),
      });
      const result = toWireDocument(row);
      return { result, before: toWireDocument(before), after: result };
    },
  );
}

/**
 * DELETE /console/meetings/{meeting_id}/attachments/{id}: soft delete (the file stays stored). Audited.
 * @throws 403 no_permission, 404 not_found
 */
export async function deleteConsoleDocument(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action: editAction });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: editAction,
      entity: 'meeting_attachment',
      entityId: input.id,
    },
    async (tx) => {
      const before = await lockDocument(tx, input.meetingId, input.id);
      if (!before) throw notFound('Attachment');
      await updateDocument(tx, input.id, { deleted: 1 });
      return { result: { ok: 1 as const }, before: toWireDocument(before), after: null };
    },
  );
}

/**
 * PUT /console/meetings/{meeting_id}/attachments_order: weights n…1 in the order given. Audited.
 * @throws 400 validation_failed (an id that is not a live document of the meeting, or twice),
 *   403 no_permission
 */
export async function reorderConsoleDocuments(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; ids: string[] },
): Promise<{ items: MeetingDocument[] }> {
  await requireCan(deps, { ...input, action: editAction });
  if (new Set(input.ids).size !== input.ids.length) throw invalid('ids', 'An id is listed twice');
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: editAction,
      entity: 'meeting_attachment_order',
    },
    async (tx) => {
      const rows = await findDocumentsOfMeeting(tx, input.meetingId, input.ids);
      if (rows.length !== input.ids.length) throw invalid('ids', 'Not a document of this meeting');
      for (const [index, id] of input.ids.entries()) {
        await updateDocument(tx, id, { weight: input.ids.length - index });
      }
      return { result: null, after: { ids: input.ids } };
    },
  );
  return { items: (await listDocuments(deps.db, { meetingId: input.meetingId })).map(toWireDocument) };
}

function toWireCategory(row: CategoryRow & { documentsTotal?: number }): ConsoleDocumentCategory {
  return {
    _id: toWireId(row.id),
    title: row.title,
    weight: row.weight,
    documents_total: row.documentsTotal ?? 0,
    created: unix(row.createdAt),
  };
}

/** GET /console/meetings/{meeting_id}/attachment_categories. @throws 403 no_permission */
export async function listConsoleDocumentCategories(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<{ items: ConsoleDocumentCategory[] }> {
  await requireCan(deps, { ...input, action: editAction });
  return { items: (await listDocumentCategories(deps.db, input.meetingId)).map(toWireCategory) };
}

/** POST /console/meetings/{meeting_id}/attachment_categories. @throws 400, 403 */
export async function createConsoleDocumentCategory(
  deps: RolesDeps,
  input: {
    userId: string;
    meetingId: string;
    body: { title: string | Record<string, string>; weight?: number };
  },
): Promise<ConsoleDocumentCategory> {
  await requireCan(deps, { ...input, action: editAction });
  const title = requireTitle(input.body.title);
  return auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action: editAction, entity: 'category' },
    async (tx) => {
      const row = await insertCategory(tx, {
        id: newId(),
        meetingId: input.meetingId,
        type: documentCategoryType,
        title,
        weight: input.body.weight ?? 0,
      });
      const result = toWireCategory(row);
      return { result, after: result, entityId: row.id };
    },
  );
}

/** PUT /console/meetings/{meeting_id}/attachment_categories/{id}. @throws 400, 403, 404 */
export async function updateConsoleDocumentCategory(
  deps: RolesDeps,
  input: {
    userId: string;
    meetingId: string;
    id: string;
    body: { title?: string | Record<string, string> | undefined; weight?: number | undefined };
  },
): Promise<ConsoleDocumentCategory> {
  await requireCan(deps, { ...input, action: editAction });
  const title = input.body.title === undefined ? undefined : requireTitle(input.body.title);
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: editAction,
      entity: 'category',
      entityId: input.id,
    },
    async (tx) => {
      const before = await findDocumentCategory(tx, input.meetingId, input.id);
      if (!before) throw notFound('Category');
      const row = await updateCategory(tx, input.id, {
        ...(title === undefined ? {} : { title }),
        ...(input.body.weight === undefined ? {} : { weight: input.body.weight }),
      });
      const result = toWireCategory(row);
      return { result, before: toWireCategory(before), after: result };
    },
  );
}

/** DELETE /console/meetings/{meeting_id}/attachment_categories/{id} (soft). @throws 403, 404 */
export async function deleteConsoleDocumentCategory(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action: editAction });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: editAction,
      entity: 'category',
      entityId: input.id,
    },
    async (tx) => {
      const before = await findDocumentCategory(tx, input.meetingId, input.id);
      if (!before) throw notFound('Category');
      await updateCategory(tx, input.id, { deleted: 1 });
      return { result: { ok: 1 as const }, before: toWireCategory(before), after: null };
    },
  );
}
