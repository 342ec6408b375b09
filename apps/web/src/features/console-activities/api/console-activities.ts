import type {
  ConsoleActivity,
  ConsoleActivityBody,
  ConsoleActivityPrice,
  ConsoleActivitySource,
  ConsoleForm,
  ConsoleFormBody,
  ConsolePriceBody,
  ConsoleSourceBody,
  consoleAddInvite,
  consoleCreateActivity,
  consoleCreateInvitationLink,
  consoleCreatePrice,
  consoleCreateSource,
  consoleDeletePrice,
  consoleDeleteSource,
  consoleGetActivity,
  consoleGetActivityForm,
  consoleListActivities,
  consoleListInvites,
  consoleListSources,
  consoleRemoveInvite,
  consoleSaveActivityForm,
  consoleUpdateActivity,
  consoleUpdatePrice,
  consoleUpdateSource,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';
import { bracketBody, type NestedValue } from '../../../lib/api/bracket-body.ts';

/**
 * The console's activities calls (DESIGN §7): one activity's fields, ticket types, sources, form
 * and invite list under /console/meetings/{meeting_id}/activities. Every call needs activity.edit
 * (403 no_permission); edits send the `updated_at_ms` they read (409 conflict.stale otherwise).
 */

/** One entry of an activity's invite list. */
export type ActivityInvite = {
  _id: { $id: string };
  phone: string | null;
  email: string | null;
  created: number;
};
/** A minted invitation link (`expires` unix seconds, 0 = never). */
export type InvitationLink = { code: string; url: string; expires: number };

type Ids = { meetingId: string; activityId: string };
const one = (ids: Ids) => ({ meeting_id: ids.meetingId, id: ids.activityId });
const body = (value: object) => bracketBody(value as Record<string, NestedValue>);

export const activitiesKey = (meetingId: string) => ['console-activities', meetingId] as const;
export const activityKey = (ids: Ids) => ['console-activities', ids.meetingId, ids.activityId] as const;

/** GET …/activities: every not deleted activity of the meeting with its state and counts. */
export const activitiesQuery = (meetingId: string) =>
  queryOptions({
    queryKey: activitiesKey(meetingId),
    queryFn: () =>
      api.list<ConsoleActivity>(
        fillPath<typeof consoleListActivities>('/console/meetings/:meeting_id/activities', {
          meeting_id: meetingId,
        }),
      ),
  });

/** GET …/activities/{id}: one activity for the editor. 404 not_found. */
export const activityQuery = (ids: Ids) =>
  queryOptions({
    queryKey: activityKey(ids),
    queryFn: () =>
      api.get<ConsoleActivity>(
        fillPath<typeof consoleGetActivity>('/console/meetings/:meeting_id/activities/:id', one(ids)),
      ),
  });

/** POST …/activities: creates an activity (every §3 field). 400 validation_failed. */
export function createActivity(meetingId: string, values: ConsoleActivityBody): Promise<ConsoleActivity> {
  return api.post<ConsoleActivity>(
    fillPath<typeof consoleCreateActivity>('/console/meetings/:meeting_id/activities', {
      meeting_id: meetingId,
    }),
    body(values),
  );
}

/** PUT …/activities/{id}: replaces the fields. 400 activity.max_below_registered; 409 conflict.stale. */
export function updateActivity(ids: Ids, values: ConsoleActivityBody): Promise<ConsoleActivity> {
  return api.put<ConsoleActivity>(
    fillPath<typeof consoleUpdateActivity>('/console/meetings/:meeting_id/activities/:id', one(ids)),
    body(values),
  );
}

/** POST …/prices: adds a ticket type (amount in cents). */
export function createPrice(ids: Ids, values: ConsolePriceBody): Promise<ConsoleActivityPrice> {
  return api.post<ConsoleActivityPrice>(
    fillPath<typeof consoleCreatePrice>('/console/meetings/:meeting_id/activities/:id/prices', one(ids)),
    body(values),
  );
}

/** PUT …/prices/{price_id}: edits a ticket type. 400 price.total_below_sold; 409 conflict.stale. */
export function updatePrice(
  ids: Ids,
  priceId: string,
  values: ConsolePriceBody,
): Promise<ConsoleActivityPrice> {
  return api.put<ConsoleActivityPrice>(
    fillPath<typeof consoleUpdatePrice>('/console/meetings/:meeting_id/activities/:id/prices/:price_id', {
      ...one(ids),
      price_id: priceId,
    }),
    body(values),
  );
}

/** DELETE …/prices/{price_id}: soft delete. */
export function deletePrice(ids: Ids, priceId: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof consoleDeletePrice>('/console/meetings/:meeting_id/activities/:id/prices/:price_id', {
      ...one(ids),
      price_id: priceId,
    }),
  );
}

/** GET …/sources: the channels with their share links. */
export const sourcesQuery = (ids: Ids) =>
  queryOptions({
    queryKey: [...activityKey(ids), 'sources'],
    queryFn: () =>
      api.list<ConsoleActivitySource>(
        fillPath<typeof consoleListSources>('/console/meetings/:meeting_id/activities/:id/sources', one(ids)),
      ),
  });

/** POST …/sources: adds a channel. */
export function createSource(ids: Ids, values: ConsoleSourceBody): Promise<ConsoleActivitySource> {
  return api.post<ConsoleActivitySource>(
    fillPath<typeof consoleCreateSource>('/console/meetings/:meeting_id/activities/:id/sources', one(ids)),
    body(values),
  );
}

/** PUT …/sources/{source_id}: edits a channel. 400 source.max_below_signups. */
export function updateSource(
  ids: Ids,
  sourceId: string,
  values: ConsoleSourceBody,
): Promise<ConsoleActivitySource> {
  return api.put<ConsoleActivitySource>(
    fillPath<typeof consoleUpdateSource>('/console/meetings/:meeting_id/activities/:id/sources/:source_id', {
      ...one(ids),
      source_id: sourceId,
    }),
    body(values),
  );
}

/** DELETE …/sources/{source_id}: soft delete. */
export function deleteSource(ids: Ids, sourceId: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof consoleDeleteSource>('/console/meetings/:meeting_id/activities/:id/sources/:source_id', {
      ...one(ids),
      source_id: sourceId,
    }),
  );
}

/** GET …/form: the registration form for the builder. */
export const formQuery = (ids: Ids) =>
  queryOptions({
    queryKey: [...activityKey(ids), 'form'],
    queryFn: () =>
      api.get<ConsoleForm>(
        fillPath<typeof consoleGetActivityForm>(
          '/console/meetings/:meeting_id/activities/:id/form',
          one(ids),
        ),
      ),
  });

/** PUT …/form: saves the whole form. 400 validation_failed; 409 conflict.stale. */
export function saveForm(ids: Ids, values: ConsoleFormBody): Promise<ConsoleForm> {
  return api.put<ConsoleForm>(
    fillPath<typeof consoleSaveActivityForm>('/console/meetings/:meeting_id/activities/:id/form', one(ids)),
    body(values),
  );
}

/** GET …/invites: the invite list, newest first. */
export const invitesQuery = (ids: Ids) =>
  queryOptions({
    queryKey: [...activityKey(ids), 'invites'],
    queryFn: () =>
      api.list<ActivityInvite>(
        fillPath<typeof consoleListInvites>('/console/meetings/:meeting_id/activities/:id/invites', one(ids)),
      ),
  });

/** POST …/invites: a phone (with area code) or an e-mail. 400 phone.invalid / email.invalid. */
export function addInvite(
  ids: Ids,
  values: { phone?: string; area_code?: string; email?: string },
): Promise<ActivityInvite> {
  return api.post<ActivityInvite>(
    fillPath<typeof consoleAddInvite>('/console/meetings/:meeting_id/activities/:id/invites', one(ids)),
    values,
  );
}

/** DELETE …/invites/{invite_id}. */
export function removeInvite(ids: Ids, inviteId: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof consoleRemoveInvite>('/console/meetings/:meeting_id/activities/:id/invites/:invite_id', {
      ...one(ids),
      invite_id: inviteId,
    }),
  );
}

/** POST …/invitation_links: a signed link, valid `expiresIn` seconds (undefined: no expiry). */
export function mintInvitationLink(ids: Ids, expiresIn: number | undefined): Promise<InvitationLink> {
  return api.post<InvitationLink>(
    fillPath<typeof consoleCreateInvitationLink>(
      '/console/meetings/:meeting_id/activities/:id/invitation_links',
      one(ids),
    ),
    expiresIn ? { expires_in: expiresIn } : {},
  );
}
