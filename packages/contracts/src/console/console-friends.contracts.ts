import { z } from 'zod';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Console: networking of a meeting (§1 "Build a contact network", §4 Connection application; DESIGN
 * §7): how many connections were made there, by card exchange or by application, the applications
 * by state, and the people who connected most — with their contacts, which organisers see (§6).
 * people.read.
 */

/** One of the people who made the most connections in the meeting. */
export const ConsoleConnector = z.object({
  user_id: WireId,
  username: z.string(),
  company: z.string(),
  /** E.164 or ''. */
  phone: z.string(),
  email: z.string(),
  connections: z.number().int().nonnegative(),
});
export type ConsoleConnector = z.infer<typeof ConsoleConnector>;

export const ConsoleFriendStats = z.object({
  /** Connections (pairs) made in this meeting. */
  connections: z.number().int().nonnegative(),
  by_card: z.number().int().nonnegative(),
  by_application: z.number().int().nonnegative(),
  applications: z.object({
    submitted: z.number().int().nonnegative(),
    accepted: z.number().int().nonnegative(),
    ignored: z.number().int().nonnegative(),
    cancelled: z.number().int().nonnegative(),
  }),
  /** At most 10, most connections first. */
  top: z.array(ConsoleConnector),
});
export type ConsoleFriendStats = z.infer<typeof ConsoleFriendStats>;

export const getConsoleFriendStats = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/friends/stats',
  summary:
    "The meeting's networking: connections made there (by card / by application), applications by state and the ten people with most connections, with contacts. 403 no_permission without people.read.",
  spec: '§1, §4 Connection application, §6, DESIGN §7',
  tags: ['console', 'friends'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString }),
  response: ConsoleFriendStats,
});
