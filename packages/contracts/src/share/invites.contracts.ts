import { z } from 'zod';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Body of POST /enterprises/{id}/invites: the meeting the poster was for; `user_id` is what the
 * client sends (the device id when anonymous, §7) and is ignored in favour of the session's user.
 */
export const InviteBody = z.object({
  meeting_id: ObjectIdString,
  user_id: z.string().max(textLimits.id).optional(),
});

export const InvitesTotal = z.object({ visitors_total: z.number().int().nonnegative() });

export const recordEnterpriseInvite = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/invites',
  summary:
    "Records a visitor who came through the enterprise's invitation poster (§7): one visitor per device and meeting, its user added once they are logged in (so a later registration is attributed). Anonymous allowed. Answers the enterprise's visitor total. 404 not_found when the enterprise does not exhibit at the meeting.",
  spec: '§7 Enterprises',
  tags: ['enterprises'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: InviteBody,
  response: InvitesTotal,
});

/** One visitor an enterprise's invitation brought. */
export const InvitedVisitor = z.object({
  /** The visitor's name when they logged in, else ''. */
  name: z.string(),
  /** 1 when they registered for an activity of the meeting after the visit. */
  registered: z.union([z.literal(0), z.literal(1)]),
  /** First visit, Unix seconds. */
  created: z.number().int(),
});

export const InviteReport = z.object({
  visitors_total: z.number().int().nonnegative(),
  registrations_total: z.number().int().nonnegative(),
  /**
   * The latest 50 visitors, latest first (not `results`: the client unwraps a `results` field, §7,
   * and the totals would be lost).
   */
  visitors: z.array(InvitedVisitor),
});
export type InviteReport = z.infer<typeof InviteReport>;

export const getEnterpriseInvites = defineRoute({
  method: 'GET',
  path: '/enterprises/:id/invites',
  summary:
    "The visitors and registrations the enterprise's invitation brought to the meeting, for the exhibitor bound to that enterprise (/meeting/exhibitor/manage). 401 login.required; 403 no_permission for anyone else.",
  spec: '§7 Enterprises, §2 /meeting/exhibitor/manage',
  tags: ['enterprises'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  querystring: z.object({ meeting_id: ObjectIdString }),
  response: InviteReport,
});

export const InviteCount = z.object({
  enterprise_id: WireId,
  title: z.union([z.string(), z.record(z.string(), z.string())]),
  visitors_total: z.number().int().nonnegative(),
  registrations_total: z.number().int().nonnegative(),
});

export const listConsoleInviteCounts = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/invites',
  summary:
    'Per exhibiting enterprise, the visitors and registrations its invitation poster brought (console exhibitors page), most visitors first; enterprises without any are left out. Needs exhibitor.manage (403 no_permission).',
  spec: '§7 Enterprises, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString }),
  response: z.object({ results: z.array(InviteCount) }),
});
