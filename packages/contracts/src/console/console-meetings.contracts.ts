import { z } from 'zod';
import { Meeting } from '../meetings/meetings.contracts.ts';
import { Flag, LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';
import { ConsoleMeetingItemParams, ConsoleMeetingParams } from './console-access.contracts.ts';

/**
 * The organiser console's meetings and programme calls (DESIGN §7; §3 Meeting, Agenda, Speaker):
 * create, edit, archive, delete and restore meetings; import, export and edit a meeting's programme
 * (sessions, speakers, rooms). Bodies may be JSON or form-encoded with `qs` brackets
 * (`config[theme_color]=…`): numbers are coerced. Every edit sends back the `updated_at_ms` it read
 * (unix milliseconds); a record saved by someone else since answers 409 `conflict.stale`.
 */

/** A 0/1 flag as a form body sends it ('1') or JSON (1). */
const FlagInput = z.coerce.number().int().min(0).max(1);
/** Unix seconds as sent by a form or JSON. */
const UnixSecondsInput = z.coerce.number().int().min(0).max(1e11);
/** `updated_at` as read, unix milliseconds (the optimistic-concurrency token). */
const UpdatedAtMs = z.coerce.number().int().min(0);
/** Most activities one session may place (a session links a handful; this bounds the body). */
export const sessionActivitiesMax = 100;
/** The largest schedule file accepted, in characters (the route's body limit is above it). */
export const scheduleTextMaxChars = 8 * 1024 * 1024;

/** A meeting in the console: the §3 wire form plus its concurrency token and registrations count. */
export const ConsoleMeeting = Meeting.extend({
  updated_at_ms: z.number().int(),
  /** Tickets of the meeting (any status): a meeting with tickets is deleted only when archived. */
  tickets_total: z.number().int().nonnegative(),
});
export type ConsoleMeeting = z.infer<typeof ConsoleMeeting>;

/** Editable `config` fields (§3 Meeting config). */
export const MeetingConfigInput = z.strictObject({
  /** Enabled languages, `{ en: 1, zh: 1 }`; keys are the twenty UI languages. */
  language: z.record(z.string().max(textLimits.languageCode), FlagInput).optional(),
  /** '#rrggbb'. */
  theme_color: z.string().max(7).optional(),
  follow_theme_color: FlagInput.optional(),
  main_button_color: z.string().max(7).optional(),
  main_button_theme: z.string().max(textLimits.label).optional(),
  /** 'round' or ''. */
  border_radius: z.enum(['', 'round']).optional(),
  icp: z.string().max(textLimits.label).optional(),
  /** 'grid9' or ''. */
  block_mobile_layout: z.enum(['', 'grid9']).optional(),
  wx_share_title: z.string().max(textLimits.title).optional(),
  wx_share_desc: z.string().max(textLimits.description).optional(),
  wx_share_cover: z.string().max(textLimits.url).optional(),
});
export type MeetingConfigInput = z.infer<typeof MeetingConfigInput>;

/** Editable `exhibition` fields (§3 Meeting exhibition). */
export const MeetingExhibitionInput = z.strictObject({
  /** '' shows the powered-by line, 'hidden' hides it, 'link' makes it a link. */
  powerby: z.enum(['', 'hidden', 'link']).optional(),
  mail_logo: z.string().max(textLimits.url).optional(),
  exhibit_txt: localizedTextInput(textLimits.label).optional(),
  exhibition_txt: localizedTextInput(textLimits.label).optional(),
  exhibitor_txt: localizedTextInput(textLimits.label).optional(),
  show_exhibitor: FlagInput.optional(),
  invitation_cover: z.string().max(textLimits.url).optional(),
});
export type MeetingExhibitionInput = z.infer<typeof MeetingExhibitionInput>;

/** The §3 Meeting fields the console edits; each is optional (absent: unchanged). */
export const MeetingSettingsInput = z.strictObject({
  title: localizedTextInput(textLimits.title).optional(),
  /** Host name (lower-case letters, digits, dots, dashes); '' clears it. Unique among live meetings. */
  domain: z.string().trim().max(textLimits.hostname).optional(),
  start: UnixSecondsInput.optional(),
  end: UnixSecondsInput.optional(),
  /** IANA time zone, e.g. 'Asia/Shanghai'. */
  time_zone: z.string().max(textLimits.timeZone).optional(),
  cover: z.string().max(textLimits.url).optional(),
  limits: z.strictObject({ type: z.coerce.number().int().min(0).max(1) }).optional(),
  allow_guest_view: FlagInput.optional(),
  appointments: FlagInput.optional(),
  config: MeetingConfigInput.optional(),
  exhibition: MeetingExhibitionInput.optional(),
});
export type MeetingSettingsInput = z.infer<typeof MeetingSettingsInput>;

/** Body of POST /console/meetings. */
export const CreateMeetingBody = MeetingSettingsInput.extend({
  /** blank: from the fields; schedule: from a schedule JSON file (`schedule`); copy: settings of `copy_from`. */
  source: z.enum(['blank', 'schedule', 'copy']),
  /** The frab/pretalx schedule JSON file's text (source 'schedule'). */
  schedule: z.string().max(scheduleTextMaxChars).optional(),
  /** The meeting whose settings (not programme, not domain) are copied (source 'copy'). */
  copy_from: ObjectIdString.optional(),
});
export type CreateMeetingBody = z.infer<typeof CreateMeetingBody>;

/** Body of PUT /console/meetings/{meeting_id}. */
export const UpdateMeetingBody = MeetingSettingsInput.extend({ updated_at_ms: UpdatedAtMs });
export type UpdateMeetingBody = z.infer<typeof UpdateMeetingBody>;

/** Body of POST /console/meetings/{meeting_id}/archive: 1 archives, 0 takes it out of the archive. */
export const ArchiveMeetingBody = z.strictObject({ old: FlagInput, updated_at_ms: UpdatedAtMs });

export const consoleCreateMeeting = defineRoute({
  method: 'POST',
  path: '/console/meetings',
  summary:
    'Creates a meeting (platform administrators only): blank, from a schedule JSON file, or with the settings of another meeting. The creator becomes its owner. 400 validation_failed / invalid_schedule (details by line); 403 no_permission; 409 conflict.already_used naming body/domain.',
  spec: '§3 Meeting, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  body: CreateMeetingBody,
  response: ConsoleMeeting,
});

export const consoleGetMeeting = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id',
  summary:
    "A meeting's settings with its `updated_at_ms` (deleted ones too). 403 no_permission (needs meeting.read).",
  spec: '§3 Meeting, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: ConsoleMeeting,
});

export const consoleUpdateMeeting = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id',
  summary:
    "Edits a meeting's §3 fields. 400 validation_failed (domain, time zone, colours, languages, end before start); 403 no_permission (meeting.update); 409 conflict.stale ('changed by someone else, reload'), conflict.already_used naming body/domain.",
  spec: '§3 Meeting, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: UpdateMeetingBody,
  response: ConsoleMeeting,
});

export const consoleArchiveMeeting = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/archive',
  summary:
    'Archives (old 1) or un-archives (old 0) a meeting. 403 no_permission (meeting.archive); 409 conflict.stale.',
  spec: '§3 Meeting old, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ArchiveMeetingBody,
  response: ConsoleMeeting,
});

export const consoleDeleteMeeting = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id',
  summary:
    'Soft-deletes a meeting (deleted 1, restorable). 403 no_permission (meeting.archive); 409 meeting.not_archived when it has tickets and is not archived.',
  spec: '§3 Meeting, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: ConsoleMeeting,
});

export const consoleRestoreMeeting = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/restore',
  summary: 'Restores a deleted meeting (deleted 0). 403 no_permission (meeting.archive).',
  spec: '§3 Meeting, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: ConsoleMeeting,
});

/* ---------------------------------------------------------------- programme */

/** Body of the schedule preview and import: the schedule JSON file's text. */
export const ScheduleFileBody = z.strictObject({ schedule: z.string().min(1).max(scheduleTextMaxChars) });

/** One problem of a schedule file: its line (1-based, 0 when unknown), JSON path and message. */
export const ScheduleFileError = z.object({ line: z.number().int(), path: z.string(), message: z.string() });
export type ScheduleFileError = z.infer<typeof ScheduleFileError>;

/** What an import adds, changes and removes of one kind of row, by name (session: title). */
export const ScheduleChangeList = z.object({
  added: z.array(z.string()),
  changed: z.array(z.string()),
  removed: z.array(z.string()),
  unchanged: z.number().int(),
});
export type ScheduleChangeList = z.infer<typeof ScheduleChangeList>;

/** The preview (nothing written) or the result of an import. */
export const SchedulePreview = z.object({
  sessions: ScheduleChangeList,
  speakers: ScheduleChangeList,
  rooms: ScheduleChangeList,
  tracks: ScheduleChangeList,
});
export type SchedulePreview = z.infer<typeof SchedulePreview>;

export const consolePreviewSchedule = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/programme/preview',
  summary:
    'What importing a frab/pretalx schedule JSON would add, change and remove (sessions, speakers, rooms, tracks); nothing is written. 400 invalid_schedule with `data.errors` by line; 403 no_permission (programme.edit).',
  spec: '§3 Agenda, schedule interchange',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ScheduleFileBody,
  response: SchedulePreview,
});

export const consoleImportSchedule = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/programme/import',
  summary:
    'Imports a frab/pretalx schedule JSON into the meeting (the code `npm run import` runs). 400 invalid_schedule with `data.errors` by line, nothing changed; 403 no_permission (programme.edit).',
  spec: '§3 Agenda, schedule interchange',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: ScheduleFileBody,
  response: SchedulePreview,
});

export const consoleExportSchedule = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/programme/schedule.json',
  summary: "The meeting's programme as schedule JSON (c3voc). 403 no_permission (programme.edit).",
  spec: 'schedule interchange',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: z.record(z.string(), z.unknown()),
});

export const consoleExportCalendar = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/programme/calendar.ics',
  summary: "The meeting's shown sessions as iCalendar (text/calendar). 403 no_permission (programme.edit).",
  spec: '§3 Agenda',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: z.string(),
});

/** An activity placed on a session, shown on the public agenda when enable_show is 1 (§3 Agenda). */
export const ConsoleSessionActivity = z.object({ activity_id: z.string(), enable_show: Flag });
export type ConsoleSessionActivity = z.infer<typeof ConsoleSessionActivity>;

/** A session (agenda item) as the console edits it. */
export const ConsoleSession = z.object({
  _id: WireId,
  title: LocalizedText,
  abstract: LocalizedText,
  type: z.string(),
  start: UnixSeconds,
  end: UnixSeconds,
  room_id: z.string().nullable(),
  speaker_ids: z.array(z.string()),
  /** Its placed activities (not deleted ones), in the order they were placed. */
  activities: z.array(ConsoleSessionActivity),
  enable_show: Flag,
  updated_at_ms: z.number().int(),
});
export type ConsoleSession = z.infer<typeof ConsoleSession>;

/** A speaker as the console edits it. */
export const ConsoleSpeaker = z.object({
  _id: WireId,
  name: z.string(),
  work_title: LocalizedText,
  company: LocalizedText,
  photo: z.string(),
  biography: LocalizedText,
  updated_at_ms: z.number().int(),
});
export type ConsoleSpeaker = z.infer<typeof ConsoleSpeaker>;

/** A room as the console edits it. */
export const ConsoleRoom = z.object({
  _id: WireId,
  name: z.string(),
  capacity: z.number().int().nullable(),
  position: z.number().int(),
});
export type ConsoleRoom = z.infer<typeof ConsoleRoom>;

/**
 * An activity of the meeting a session may place (the session editor's picker): enough to name it and
 * to say why the public agenda would not show it (hidden: enable_show 0; private: privacy 1, listed).
 */
export const ConsoleProgrammeActivity = z.object({
  _id: WireId,
  title: LocalizedText,
  start: UnixSeconds,
  end: UnixSeconds,
  enable_show: Flag,
  privacy: Flag,
});
export type ConsoleProgrammeActivity = z.infer<typeof ConsoleProgrammeActivity>;

/**
 * GET …/programme: the meeting's sessions (by start), speakers, rooms and the activities a session may
 * place (not deleted, by start) — so programme editors, who may lack activity.edit, can pick them.
 */
export const ConsoleProgramme = z.object({
  sessions: z.array(ConsoleSession),
  speakers: z.array(ConsoleSpeaker),
  rooms: z.array(ConsoleRoom),
  activities: z.array(ConsoleProgrammeActivity),
});
export type ConsoleProgramme = z.infer<typeof ConsoleProgramme>;

/** Fields of a session; POST needs title, start and end. */
export const SessionInput = z.strictObject({
  title: localizedTextInput(textLimits.title),
  abstract: localizedTextInput(textLimits.freeText).optional(),
  type: z.string().max(textLimits.label).optional(),
  start: UnixSecondsInput,
  end: UnixSecondsInput,
  /** A room of the meeting, '' for none. */
  room_id: z.union([ObjectIdString, z.literal('')]).optional(),
  /** Speakers of the meeting; a form body sends `speaker_ids=` for none, or `speaker_ids=a,b`. */
  speaker_ids: z
    .union([z.array(ObjectIdString), z.string().regex(/^([0-9a-f]{24}(,[0-9a-f]{24})*)?$/)])
    .optional(),
  /**
   * Activities of the meeting placed on the session, each shown (1) or hidden (0) on the public agenda;
   * replaces the placements when given. A form body sends `activities[0][activity_id]=…`, or
   * `activities=` for none.
   */
  activities: z
    .union([
      z
        .array(z.strictObject({ activity_id: ObjectIdString, enable_show: FlagInput }))
        .max(sessionActivitiesMax),
      z.literal(''),
    ])
    .optional(),
  enable_show: FlagInput.optional(),
});
export type SessionInput = z.infer<typeof SessionInput>;
export const UpdateSessionBody = SessionInput.extend({ updated_at_ms: UpdatedAtMs });

/** Fields of a speaker; POST needs a name. */
export const SpeakerInput = z.strictObject({
  name: z.string().trim().min(1).max(textLimits.name),
  work_title: localizedTextInput(textLimits.title).optional(),
  company: localizedTextInput(textLimits.title).optional(),
  photo: z.string().max(textLimits.url).optional(),
  biography: localizedTextInput(textLimits.freeText).optional(),
});
export type SpeakerInput = z.infer<typeof SpeakerInput>;
export const UpdateSpeakerBody = SpeakerInput.extend({ updated_at_ms: UpdatedAtMs });

/** Fields of a room; the name is unique in the meeting. */
export const RoomInput = z.strictObject({
  name: z.string().trim().min(1).max(textLimits.label),
  capacity: z.union([z.coerce.number().int().min(0).max(1_000_000), z.literal('')]).optional(),
  position: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type RoomInput = z.infer<typeof RoomInput>;

/** Answer of a delete: `{ ok: 1 }`. */
export const ConsoleDeleted = z.object({ ok: z.literal(1) });

const programmeRoute = <const T extends object>(route: T) => ({
  spec: '§3 Agenda, Speaker',
  tags: ['console'] as const,
  isPublic: false as const,
  ...route,
});

export const consoleGetProgramme = defineRoute(
  programmeRoute({
    method: 'GET',
    path: '/console/meetings/:meeting_id/programme',
    summary:
      "A meeting's sessions (with their placed activities), speakers, rooms and the activities a session may place (not deleted). 403 no_permission (programme.edit).",
    params: ConsoleMeetingParams,
    response: ConsoleProgramme,
  }),
);
export const consoleCreateSession = defineRoute(
  programmeRoute({
    method: 'POST',
    path: '/console/meetings/:meeting_id/sessions',
    summary:
      'Adds a session. 400 validation_failed (end before start, unknown room, speaker or activity); 403 no_permission.',
    params: ConsoleMeetingParams,
    body: SessionInput,
    response: ConsoleSession,
  }),
);
export const consoleUpdateSession = defineRoute(
  programmeRoute({
    method: 'PUT',
    path: '/console/meetings/:meeting_id/sessions/:id',
    summary:
      'Edits a session (and, with `activities`, the activities placed on it). 400 validation_failed (an activity of another meeting …); 403 no_permission; 404 not_found; 409 conflict.stale.',
    params: ConsoleMeetingItemParams,
    body: UpdateSessionBody,
    response: ConsoleSession,
  }),
);
export const consoleDeleteSession = defineRoute(
  programmeRoute({
    method: 'DELETE',
    path: '/console/meetings/:meeting_id/sessions/:id',
    summary: 'Soft-deletes a session. 403 no_permission; 404 not_found.',
    params: ConsoleMeetingItemParams,
    response: ConsoleDeleted,
  }),
);
export const consoleCreateSpeaker = defineRoute(
  programmeRoute({
    method: 'POST',
    path: '/console/meetings/:meeting_id/speakers',
    summary: 'Adds a speaker. 400 validation_failed; 403 no_permission.',
    params: ConsoleMeetingParams,
    body: SpeakerInput,
    response: ConsoleSpeaker,
  }),
);
export const consoleUpdateSpeaker = defineRoute(
  programmeRoute({
    method: 'PUT',
    path: '/console/meetings/:meeting_id/speakers/:id',
    summary: 'Edits a speaker. 403 no_permission; 404 not_found; 409 conflict.stale.',
    params: ConsoleMeetingItemParams,
    body: UpdateSpeakerBody,
    response: ConsoleSpeaker,
  }),
);
export const consoleDeleteSpeaker = defineRoute(
  programmeRoute({
    method: 'DELETE',
    path: '/console/meetings/:meeting_id/speakers/:id',
    summary: 'Soft-deletes a speaker (and takes them off their sessions). 403 no_permission; 404 not_found.',
    params: ConsoleMeetingItemParams,
    response: ConsoleDeleted,
  }),
);
export const consoleCreateRoom = defineRoute(
  programmeRoute({
    method: 'POST',
    path: '/console/meetings/:meeting_id/rooms',
    summary: 'Adds a room. 403 no_permission; 409 conflict.already_used naming body/name.',
    params: ConsoleMeetingParams,
    body: RoomInput,
    response: ConsoleRoom,
  }),
);
export const consoleUpdateRoom = defineRoute(
  programmeRoute({
    method: 'PUT',
    path: '/console/meetings/:meeting_id/rooms/:id',
    summary: 'Edits a room. 403 no_permission; 404 not_found; 409 conflict.already_used naming body/name.',
    params: ConsoleMeetingItemParams,
    body: RoomInput,
    response: ConsoleRoom,
  }),
);
export const consoleDeleteRoom = defineRoute(
  programmeRoute({
    method: 'DELETE',
    path: '/console/meetings/:meeting_id/rooms/:id',
    summary: 'Deletes a room; its sessions keep no room. 403 no_permission; 404 not_found.',
    params: ConsoleMeetingItemParams,
    response: ConsoleDeleted,
  }),
);
