import {
  type ConsoleDemand,
  type ConsoleDemandComment,
  type Demand,
  type DemandAuthor,
  type DemandComment,
  type DemandContact,
  type DemandState,
  type LocalizedText,
  toWireId,
} from '@app/contracts';
import { unix, wireIdOrNull } from '../../db/wire.ts';
import type { AuthorRow, CommentView, DemandRow, DemandView } from './demands.repository.ts';

/**
 * Wire form of demands and comments (DESIGN §3: one serializer at the boundary), and the one place
 * the §6 contact rules are applied ("only connected friends see contact details; a requester may hide
 * contact; posting a comment reveals the commenter's contact to the requester"): the item's own author
 * sees their own contact; a poster's contact goes to their connected friends unless hidden; a
 * commenter's to the demand's poster and to the commenter's connected friends. Anyone else — and
 * every visitor without a login — gets `contact: null`, never a phone or e-mail.
 */

/**
 * What the reader is: nobody (a visitor) or a logged-in user, with which of the authors on the page
 * are their connected friends (friends.connections connectedAmong; none when left out).
 */
export type Reader = { userId: string | null; connected?: ReadonlySet<string> };

function author(row: AuthorRow): DemandAuthor {
  return {
    _id: toWireId(row.id),
    username: row.username,
    avatar: row.avatar,
    work_title: row.workTitle,
    work_company: row.workCompany,
  };
}

/** A user's contact: the national number (E.164 without its calling code), the calling code, the e-mail. */
export function contactOf(row: AuthorRow): DemandContact {
  const areaCode = row.areaCode ?? '';
  const phone = row.phone ?? '';
  const prefix = `+${areaCode}`;
  return {
    area_code: areaCode,
    phone: areaCode && phone.startsWith(prefix) ? phone.slice(prefix.length) : phone.replace(/^\+/, ''),
    email: row.email ?? '',
  };
}

/** §6: whether the reader gets the poster's contact (themself, or a connected friend unless hidden). */
export function seesPosterContact(reader: Reader, demand: DemandRow): boolean {
  if (!reader.userId) return false;
  if (reader.userId === demand.userId) return true;
  return demand.hideContact === 0 && reader.connected?.has(demand.userId) === true;
}

/**
 * §6: whether the reader gets a commenter's contact: the commenter themself, the demand's poster (the
 * comment reveals it to them), or a connected friend of the commenter.
 */
export function seesCommenterContact(reader: Reader, commenterId: string, posterId: string): boolean {
  if (!reader.userId) return false;
  if (reader.userId === commenterId || reader.userId === posterId) return true;
  return reader.connected?.has(commenterId) === true;
}

/** §4 state as a reader sees it. */
function stateOf(row: DemandRow): DemandState {
  if (row.moderationState === 'blocked') return 'blocked';
  if (row.moderationState === 'review') return 'review';
  return row.status === 'closed' ? 'closed' : 'open';
}

function categoryRef(id: string | null, title: unknown) {
  return id && title !== null && title !== undefined
    ? { _id: toWireId(id), title: title as LocalizedText }
    : null;
}

/** A demand as `reader` may see it; `isLiked` from the likes table. */
export function toWireDemand(view: DemandView, reader: Reader, isLiked: boolean): Demand {
  const { demand } = view;
  const industry = categoryRef(demand.industryCategoryId, view.industryTitle);
  const category = categoryRef(demand.categoryId, view.categoryTitle);
  return {
    _id: toWireId(demand.id),
    meeting_id: toWireId(demand.meetingId),
    type: demand.type,
    title: demand.title,
    description: demand.description,
    industry_id: industry ? wireIdOrNull(demand.industryCategoryId) : null,
    industry,
    category_id: category ? wireIdOrNull(demand.categoryId) : null,
    category,
    area: demand.area,
    images: demand.images,
    hide_contact: demand.hideContact === 1 ? 1 : 0,
    status: demand.status === 'closed' ? 2 : 1,
    state: stateOf(demand),
    user: author(view.author),
    contact: seesPosterContact(reader, demand) ? contactOf(view.author) : null,
    like_total: demand.likeTotal,
    comment_total: demand.commentTotal,
    is_liked: isLiked ? 1 : 0,
    is_mine: reader.userId === demand.userId ? 1 : 0,
    create_time: unix(demand.createdAt),
    update_time: unix(demand.updatedAt),
  };
}

/** A comment as `reader` may see it on a demand posted by `posterId`. */
export function toWireComment(view: CommentView, reader: Reader, posterId: string): DemandComment {
  const { comment } = view;
  return {
    _id: toWireId(comment.id),
    demand_id: toWireId(comment.demandId),
    content: comment.content,
    user: author(view.author),
    contact: seesCommenterContact(reader, comment.userId, posterId) ? contactOf(view.author) : null,
    state:
      comment.moderationState === 'visible' || comment.moderationState === 'deleted'
        ? 'visible'
        : comment.moderationState,
    is_mine: reader.userId === comment.userId ? 1 : 0,
    create_time: unix(comment.createdAt),
  };
}

/** A demand as the console shows it (organisers see contacts: they run the event). */
export function toConsoleDemand(view: DemandView): ConsoleDemand {
  const { demand } = view;
  return {
    _id: toWireId(demand.id),
    type: demand.type,
    title: demand.title,
    description: demand.description,
    area: demand.area,
    images: demand.images,
    status: demand.status,
    moderation_state: demand.moderationState,
    hide_contact: demand.hideContact === 1 ? 1 : 0,
    user: author(view.author),
    contact: contactOf(view.author),
    like_total: demand.likeTotal,
    comment_total: demand.commentTotal,
    create_time: unix(demand.createdAt),
  };
}

/** A comment as the console shows it. */
export function toConsoleComment(view: CommentView): ConsoleDemandComment {
  return {
    _id: toWireId(view.comment.id),
    content: view.comment.content,
    moderation_state: view.comment.moderationState,
    user: author(view.author),
    contact: contactOf(view.author),
    create_time: unix(view.comment.createdAt),
  };
}
