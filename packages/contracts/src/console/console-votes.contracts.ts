import { z } from 'zod';
import { VoteStatus, voteLimits } from '../votes/votes.contracts.ts';
import { Flag, LocalizedText, localizedTextInput, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The organiser console's votes area (DESIGN §7; §3 Vote, Vote player; §4; §5; §9 vote limits):
 * votes with their window (start, deadline), per-person and per-day limits, withdraw and results
 * flags; candidates with name, image and description; results with ranking and a CSV export. Every
 * call needs `votes.edit` (403 no_permission otherwise); each write leaves one audit row.
 */

/** Error codes of this area. */
export const ConsoleVoteError = {
  /** 400 end_at not after start_at. */
  windowInvalid: 'vote.window_invalid',
} as const;

const MeetingParams = z.object({ meeting_id: ObjectIdString });
const VoteParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });
const PlayerParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString, player_id: ObjectIdString });
const Weight = z.coerce.number().int().min(-1_000_000).max(1_000_000);
/** An image: an upload path ('/uploads/…') or an https address, or '' for none. */
const ImageRef = z
  .string()
  .max(textLimits.url)
  .refine((value) => value === '' || value.startsWith('/') || value.startsWith('https://'), 'Invalid image');
const Seconds = z.coerce.number().int().min(0).max(253_402_300_799);
const FlagInput = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((v) => Number(v) as 0 | 1);

/** Editable fields of a vote. */
export const ConsoleVoteFields = z.strictObject({
  title: localizedTextInput(textLimits.title),
  description: localizedTextInput(textLimits.description).optional(),
  cover: ImageRef.optional(),
  start_at: Seconds,
  end_at: Seconds,
  per_person_limit: z.coerce.number().int().min(1).max(voteLimits.perPersonMax),
  per_day_limit: z.coerce.number().int().min(0).max(voteLimits.perDayMax),
  allow_withdraw: FlagInput.optional(),
  show_results: FlagInput.optional(),
  enable_show: FlagInput.optional(),
  weight: Weight.optional(),
});
export type ConsoleVoteFields = z.infer<typeof ConsoleVoteFields>;

/** A candidate as the console sees it. */
export const ConsoleVotePlayer = z.object({
  _id: WireId,
  name: LocalizedText,
  img: z.string(),
  description: LocalizedText,
  vote_total: z.number().int().nonnegative(),
  rank: z.number().int().positive(),
  weight: z.number().int(),
});
export type ConsoleVotePlayer = z.infer<typeof ConsoleVotePlayer>;

export const ConsoleVote = z.object({
  _id: WireId,
  title: LocalizedText,
  description: LocalizedText,
  cover: z.string(),
  start_at: UnixSeconds,
  end_at: UnixSeconds,
  status: VoteStatus,
  per_person_limit: z.number().int(),
  per_day_limit: z.number().int(),
  allow_withdraw: Flag,
  show_results: Flag,
  enable_show: Flag,
  weight: z.number().int(),
  vote_total: z.number().int(),
  voter_total: z.number().int(),
  player_total: z.number().int(),
  updated: UnixSeconds,
});
export type ConsoleVote = z.infer<typeof ConsoleVote>;

export const ConsoleVoteDetail = ConsoleVote.extend({ players: z.array(ConsoleVotePlayer) });
export type ConsoleVoteDetail = z.infer<typeof ConsoleVoteDetail>;

export const listConsoleVotes = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/votes',
  summary: "The meeting's votes (deleted ones left out) with their totals. 403 no_permission (votes.edit).",
  spec: '§3 Vote, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  response: z.object({ items: z.array(ConsoleVote) }),
});

export const getConsoleVote = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/votes/:id',
  summary: 'One vote with its candidates ranked by votes (results). 403 no_permission; 404 not_found.',
  spec: '§3 Vote, §4, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: VoteParams,
  response: ConsoleVoteDetail,
});

export const createConsoleVote = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/votes',
  summary:
    'Creates a vote. 400 validation_failed / vote.window_invalid (end_at ≤ start_at); 403 no_permission.',
  spec: '§3 Vote, §5, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: MeetingParams,
  body: ConsoleVoteFields,
  response: ConsoleVoteDetail,
});

export const updateConsoleVote = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/votes/:id',
  summary:
    "Saves a vote's fields (votes already cast stay). 400 as create; 403 no_permission; 404 not_found.",
  spec: '§3 Vote, §5, §9, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: VoteParams,
  body: ConsoleVoteFields,
  response: ConsoleVoteDetail,
});

export const deleteConsoleVote = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/votes/:id',
  summary: 'Deletes a vote (soft: it answers 404 to the public). 403 no_permission; 404 not_found.',
  spec: '§3 Vote, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: VoteParams,
  response: z.object({ ok: z.literal(1) }),
});

/** Editable fields of a candidate. */
export const ConsoleVotePlayerFields = z.strictObject({
  name: localizedTextInput(textLimits.name),
  img: ImageRef.optional(),
  description: localizedTextInput(textLimits.description).optional(),
  weight: Weight.optional(),
});
export type ConsoleVotePlayerFields = z.infer<typeof ConsoleVotePlayerFields>;

export const createConsoleVotePlayer = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/votes/:id/players',
  summary: 'Adds a candidate (≤ 500 per vote). 400 validation_failed; 403 no_permission; 404 not_found.',
  spec: '§3 Vote player, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: VoteParams,
  body: ConsoleVotePlayerFields,
  response: ConsoleVoteDetail,
});

export const updateConsoleVotePlayer = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/votes/:id/players/:player_id',
  summary: 'Saves a candidate. 400 validation_failed; 403 no_permission; 404 not_found.',
  spec: '§3 Vote player, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: PlayerParams,
  body: ConsoleVotePlayerFields,
  response: ConsoleVoteDetail,
});

export const deleteConsoleVotePlayer = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/votes/:id/players/:player_id',
  summary: 'Removes a candidate (soft). 403 no_permission; 404 not_found.',
  spec: '§3 Vote player, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: PlayerParams,
  response: ConsoleVoteDetail,
});

export const exportConsoleVote = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/votes/:id/export',
  summary:
    'Results as CSV (text/csv, UTF-8 with BOM): rank, candidate, votes, share — ranked. 403 no_permission; 404 not_found.',
  spec: '§3 Vote, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: VoteParams,
  querystring: z.object({ lang: z.string().max(textLimits.languageCode).optional() }),
  response: z.string(),
});
