import { z } from 'zod';
import { CredentialKind, credentialLimits } from '../credentials/credentials.contracts.ts';
import { Flag, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The console's real-name area (§3 Registrant ID number; DESIGN §7): the meeting's rule (required,
 * accepted kinds, retention days after the meeting's end), counts by kind and a masked list
 * (credentials.read), one number revealed (credentials.reveal, audited), deletion of one
 * (credentials.settings).
 */

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const CredentialParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
const FlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);

/** The meeting's rule as the console edits it. */
export const ConsoleCredentialSettings = z.object({
  required: Flag,
  kinds: z.array(CredentialKind),
  retention_days: z.number().int(),
});
export type ConsoleCredentialSettings = z.infer<typeof ConsoleCredentialSettings>;

export const ConsoleCredentialSettingsBody = z.strictObject({
  required: FlagInput,
  kinds: z.array(CredentialKind).min(1).max(5),
  retention_days: z.coerce.number().int().min(0).max(credentialLimits.retentionDaysMax),
});
export type ConsoleCredentialSettingsBody = z.infer<typeof ConsoleCredentialSettingsBody>;

/** One credential in the console list: never the full number. */
export const ConsoleCredential = z.object({
  _id: WireId,
  user_id: WireId,
  kind: CredentialKind,
  name: z.string(),
  country: z.string(),
  number_mask: z.string(),
  source: z.enum(['manual', 'ocr']),
  created: UnixSeconds,
  purge_after: UnixSeconds,
});
export type ConsoleCredential = z.infer<typeof ConsoleCredential>;

export const ConsoleCredentialCounts = z.object({
  total: z.number().int().nonnegative(),
  by_kind: z.record(CredentialKind, z.number().int().nonnegative()),
});
export type ConsoleCredentialCounts = z.infer<typeof ConsoleCredentialCounts>;

export const getConsoleCredentialSettings = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/credentials/settings',
  summary:
    "The meeting's real-name rule (defaults when never set: off). 403 no_permission (credentials.read).",
  spec: '§3 Registrant ID number',
  tags: ['console', 'credentials'],
  isPublic: false,
  params: MeetingParams,
  response: ConsoleCredentialSettings,
});

export const updateConsoleCredentialSettings = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/credentials/settings',
  summary:
    "Sets the real-name rule; every stored credential's deletion date becomes the meeting's end + retention_days. Audited. 400 validation_failed; 403 no_permission (credentials.settings).",
  spec: '§3 Registrant ID number',
  tags: ['console', 'credentials'],
  isPublic: false,
  params: MeetingParams,
  body: ConsoleCredentialSettingsBody,
  response: ConsoleCredentialSettings,
});

export const countConsoleCredentials = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/credentials/counts',
  summary: 'Credentials of the meeting, in all and by kind. 403 no_permission (credentials.read).',
  spec: '§3 Registrant ID number',
  tags: ['console', 'credentials'],
  isPublic: false,
  params: MeetingParams,
  response: ConsoleCredentialCounts,
});

export const listConsoleCredentials = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/credentials',
  summary:
    'Credentials of the meeting, newest first, numbers masked; `kind` filters, `page` from 1 (50 a page). 403 no_permission (credentials.read).',
  spec: '§3 Registrant ID number',
  tags: ['console', 'credentials'],
  isPublic: false,
  params: MeetingParams,
  querystring: z.object({
    kind: CredentialKind.optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  }),
  response: z.object({ results: z.array(ConsoleCredential), total: z.number().int() }),
});

export const revealConsoleCredential = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/credentials/:id/reveal',
  summary:
    'The full number of one credential; the reveal is written to the audit log. 403 no_permission (credentials.reveal: owners); 404 not_found.',
  spec: '§3 Registrant ID number',
  tags: ['console', 'credentials'],
  isPublic: false,
  params: CredentialParams,
  response: z.object({ number: z.string() }),
});

export const deleteConsoleCredential = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/credentials/:id',
  summary:
    'Deletes one credential for good (audited). 403 no_permission (credentials.settings); 404 not_found.',
  spec: '§3 Registrant ID number',
  tags: ['console', 'credentials'],
  isPublic: false,
  params: CredentialParams,
  response: z.object({ deleted: z.literal(1) }),
});
