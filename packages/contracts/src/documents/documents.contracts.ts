import { z } from 'zod';
import { ConsoleMeetingItemParams, ConsoleMeetingParams } from '../console/console-access.contracts.ts';
import { LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * A meeting's documents (§2 /meeting/doc): files grouped by `meeting_attachment` categories (§7
 * GET /meeting_attachment/categories), each shown with its §9 file icon, opened in the browser or
 * downloaded under its own name. Organisers manage them in the console (DESIGN §7).
 */

/** §9 file icons: the office formats by name, image types, video, and everything else. */
export const fileIconKinds = [
  'doc',
  'docx',
  'pdf',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'image',
  'video',
  'other',
] as const;
export type FileIconKind = (typeof fileIconKinds)[number];

/** §9 image types. */
export const documentImageExtensions = ['webp', 'bmp', 'jpg', 'jpeg', 'png', 'gif'] as const;

/**
 * The §9 icon of a file from its name's extension (then its MIME type): doc, docx, pdf, ppt, pptx,
 * xls, xlsx by extension; image and video types; 'other' for the rest.
 */
export function fileIconOf(fileName: string, mime = ''): FileIconKind {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const named = (['doc', 'docx', 'pdf', 'ppt', 'pptx', 'xls', 'xlsx'] as const).find(
    (kind) => kind === extension,
  );
  if (named) return named;
  if ((documentImageExtensions as readonly string[]).includes(extension) || mime.startsWith('image/'))
    return 'image';
  if (['mp4', 'mov', 'webm', 'm4v'].includes(extension) || mime.startsWith('video/')) return 'video';
  if (mime === 'application/pdf') return 'pdf';
  return 'other';
}

/** Seconds into a video its still is taken from by default (§9 video frame: jpg, offset 5 s). */
export const videoFrameDefaultOffsetSeconds = 5;

/** The §9 video-frame suffix of a file URL: a jpg still at `offset` seconds (Qiniu syntax). */
export function videoFrameSuffix(options: { offset?: number; width?: number; height?: number } = {}): string {
  const parts = ['vframe/jpg', `offset/${options.offset ?? videoFrameDefaultOffsetSeconds}`];
  if (options.width) parts.push(`w/${options.width}`);
  if (options.height) parts.push(`h/${options.height}`);
  return `?${parts.join('/')}`;
}

export const MeetingDocument = z.object({
  _id: WireId,
  meeting_id: WireId,
  category_id: WireId.nullable(),
  title: LocalizedText,
  file_name: z.string(),
  mime: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  icon: z.enum(fileIconKinds),
  /** The stored file (`/api/files/attachment/…`): add the §9 video-frame suffix for a video's still. */
  url: z.string(),
  /** Opens the file in the browser (pdf, images, video) under its own name. */
  view_url: z.string(),
  /** Downloads the file under its own name (RFC 5987 filename*). */
  download_url: z.string(),
  weight: z.number().int(),
  views_total: z.number().int().nonnegative(),
  created: UnixSeconds,
  updated_at_ms: z.number().int(),
});
export type MeetingDocument = z.infer<typeof MeetingDocument>;

export const listMeetingDocuments = defineRoute({
  method: 'GET',
  path: '/meeting/attachments',
  summary:
    "A meeting's documents (§2 /meeting/doc), weight descending then newest, optionally of one category. Guests allowed. 400 validation_failed.",
  spec: '§2 /meeting/doc',
  tags: ['documents'],
  isPublic: true,
  querystring: z.object({
    meeting_id: ObjectIdString,
    category_id: ObjectIdString.optional(),
  }),
  response: z.object({ results: z.array(MeetingDocument) }),
});

export const getMeetingDocumentFile = defineRoute({
  method: 'GET',
  path: '/meeting/attachments/:id/file',
  summary:
    'The bytes of a document under its own name: `disposition=inline` opens it in the browser (pdf, images, video; other types always download), otherwise a download (Content-Disposition attachment with an ASCII filename and RFC 5987 filename*). No Apikey (a plain link). 404 not_found.',
  spec: '§2 /meeting/doc',
  tags: ['documents'],
  isPublic: true,
  params: z.object({ id: ObjectIdString }),
  querystring: z.object({ disposition: z.enum(['inline', 'attachment']).optional() }),
  response: z.unknown(),
});

// ————— Console —————

const Weight = z.coerce.number().int().min(-1_000_000).max(1_000_000);
const CategoryRef = z.union([ObjectIdString, z.literal('')]);

export const listConsoleDocuments = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/attachments',
  summary: "The meeting's documents for the console, weight descending. 403 no_permission (pages.edit).",
  spec: '§2 /meeting/doc, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: z.object({ items: z.array(MeetingDocument) }),
});

export const CreateDocumentBody = z.strictObject({
  /** The key POST /media/upload answered for a file of the `attachment` bucket the caller uploaded. */
  key: z.string().min(1).max(400),
  title: localizedTextInput(textLimits.title),
  category_id: CategoryRef.optional(),
  weight: Weight.optional(),
});
export type CreateDocumentBody = z.infer<typeof CreateDocumentBody>;

export const createConsoleDocument = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/attachments',
  summary:
    "Adds a document from an upload of the caller's (bucket attachment), on top (weight above the others unless given). 400 validation_failed (unknown upload or category, empty title); 403 no_permission.",
  spec: '§2 /meeting/doc, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: CreateDocumentBody,
  response: MeetingDocument,
});

export const UpdateDocumentBody = z.strictObject({
  title: localizedTextInput(textLimits.title).optional(),
  category_id: CategoryRef.optional(),
  weight: Weight.optional(),
  updated_at_ms: z.coerce.number().int().min(0),
});
export type UpdateDocumentBody = z.infer<typeof UpdateDocumentBody>;

export const updateConsoleDocument = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/attachments/:id',
  summary:
    "Changes a document's title, category or weight. 400 validation_failed; 403 no_permission; 404 not_found; 409 conflict.stale (changed since updated_at_ms).",
  spec: '§2 /meeting/doc, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: UpdateDocumentBody,
  response: MeetingDocument,
});

export const deleteConsoleDocument = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/attachments/:id',
  summary: 'Deletes a document (soft: the public list leaves it out). 403 no_permission; 404 not_found.',
  spec: '§2 /meeting/doc, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});

export const reorderConsoleDocuments = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/attachments_order',
  summary:
    "Orders the meeting's documents as listed (first = heaviest: weights n…1); documents not listed keep theirs. 400 validation_failed (an id not of the meeting); 403 no_permission.",
  spec: '§2 /meeting/doc, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: z.strictObject({ ids: z.array(ObjectIdString).min(1).max(500) }),
  response: z.object({ items: z.array(MeetingDocument) }),
});

export const ConsoleDocumentCategory = z.object({
  _id: WireId,
  title: LocalizedText,
  weight: z.number().int(),
  /** Documents (not deleted) in it. */
  documents_total: z.number().int().nonnegative(),
  created: UnixSeconds,
});
export type ConsoleDocumentCategory = z.infer<typeof ConsoleDocumentCategory>;

export const listConsoleDocumentCategories = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/attachment_categories',
  summary:
    "The meeting's document categories (type meeting_attachment), weight descending. 403 no_permission (pages.edit).",
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: z.object({ items: z.array(ConsoleDocumentCategory) }),
});

export const DocumentCategoryBody = z.strictObject({
  title: localizedTextInput(textLimits.title),
  weight: Weight.optional(),
});

export const createConsoleDocumentCategory = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/attachment_categories',
  summary: 'Adds a document category. 400 validation_failed (empty title); 403 no_permission.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: DocumentCategoryBody,
  response: ConsoleDocumentCategory,
});

export const updateConsoleDocumentCategory = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/attachment_categories/:id',
  summary: 'Renames a document category or changes its weight. 403 no_permission; 404 not_found.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: DocumentCategoryBody.partial(),
  response: ConsoleDocumentCategory,
});

export const deleteConsoleDocumentCategory = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/attachment_categories/:id',
  summary:
    'Deletes a document category (soft); its documents stay, listed without a category. 403 no_permission; 404 not_found.',
  spec: '§7 Categories, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});
