import { isLanguage } from '@app/domain';
import { z } from 'zod';
import { CountResponse, ListQuerystring, resultsOf } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import type { ResourceQuerySpec } from '../wire/list-query.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/** Work details of a user (§3 User.work). */
export const UserWork = z.object({ title: z.string(), company: z.string() });
export type UserWork = z.infer<typeof UserWork>;

/**
 * A user (§3 User). Contact fields (phone, area_code, contact.email) are filled only for the user
 * themself; others see '' there.
 */
export const User = z.object({
  _id: WireId,
  username: z.string(),
  avatar: z.string(),
  /** National significant number for display, e.g. '13800138000'; '' when none or not yours. */
  phone: z.string(),
  /** Calling code without '+', e.g. '86'; '' when none. */
  area_code: z.string(),
  contact: z.object({ email: z.string() }),
  /** UI language code or ''. */
  language: z.string(),
  /** 1 when a WeChat identity is linked (self only). */
  wechat_credentials: z.union([z.literal(0), z.literal(1)]),
  new_friend_application_total: z.number().int(),
  work: UserWork,
});
export type User = z.infer<typeof User>;

/** What every successful login returns: the opaque session token and the user. */
export const LoginResult = z.object({
  /** Opaque bearer token (≥ 128 bits, base64url); send as `Authorization: <token>`. */
  token: z.string(),
  user_id: WireId,
  /** Meeting the session is bound to. */
  meeting_id: WireId,
  /** Unix seconds when the session ends at the latest. */
  expires_at: z.number().int(),
  user: User,
});
export type LoginResult = z.infer<typeof LoginResult>;

/**
 * Allowed filters and sorts of GET /users. `_id` for everyone; username, phone (E.164, e.g.
 * '+8613800138000'), email and company only for organisers with people.read in the session meeting
 * (§7 Users), who then list that meeting's people.
 */
export const userQuerySpec = {
  fields: {
    _id: { type: 'id', ops: ['$eq', '$in'] },
    username: { type: 'string', ops: ['$eq'] },
    phone: { type: 'string', ops: ['$eq'] },
    email: { type: 'string', ops: ['$eq'] },
    company: { type: 'string', ops: ['$eq'] },
  },
  sort: ['created'],
  defaultSort: [{ field: 'created', direction: -1 }],
} as const satisfies ResourceQuerySpec;

const Username = z.string().trim().min(1).max(textLimits.name);
/** A UI language code of the twenty (§9 Languages) or '' for none: it picks catalogues on the server. */
const Language = z
  .string()
  .max(textLimits.languageCode)
  .refine((value) => value === '' || isLanguage(value), { message: 'Unknown language' });
const Avatar = z.string().max(textLimits.url);
const Phone = z.string().max(textLimits.phone);
const AreaCode = z.string().max(textLimits.areaCode);
const Email = z.string().max(textLimits.email);
const Code = z.string().max(textLimits.code);
/** A job title or a company (textLimits.title). */
const WorkText = z.string().trim().max(textLimits.title);

export const listUsers = defineRoute({
  method: 'GET',
  path: '/users',
  summary:
    'Public profiles of users by id (query `{"_id":{"$in":[…]}}`); contact fields only for yourself. Organisers with people.read in the session meeting may filter by username, phone, email or company (the meeting\'s people only); others get 403 no_permission for those filters.',
  spec: '§7 Users',
  tags: ['users'],
  isPublic: false,
  querystring: ListQuerystring,
  response: resultsOf(User),
});

export const countUsers = defineRoute({
  method: 'GET',
  path: '/users/count',
  summary: 'Count users matching the same query as GET /users.',
  spec: '§7 Users',
  tags: ['users'],
  isPublic: false,
  querystring: ListQuerystring,
  response: CountResponse,
});

export const SignupBody = z.object({
  meeting_id: ObjectIdString,
  /** Sign up with a phone and its SMS code … */
  phone: Phone.optional(),
  area_code: AreaCode.optional(),
  /** … or with an e-mail and its mail code. */
  email: Email.optional(),
  code: Code,
  username: Username,
  language: Language.optional(),
  work: z.object({ title: WorkText.default(''), company: WorkText.default('') }).optional(),
});

export type SignupBody = z.infer<typeof SignupBody>;

export const createUser = defineRoute({
  method: 'POST',
  path: '/users',
  summary:
    'Sign up: a new user with a verified phone or e-mail (code purpose login) and a name; answers like a login. 409 phone.taken / email.taken when another user has it.',
  spec: '§7 Users, §5',
  tags: ['users'],
  isPublic: true,
  body: SignupBody,
  response: LoginResult,
});

export const UpdateUserBody = z.object({
  username: Username.optional(),
  avatar: Avatar.optional(),
  language: Language.optional(),
  /** Change the phone: new phone + its SMS code sent with purpose `change`. */
  phone: Phone.optional(),
  area_code: AreaCode.optional(),
  code: Code.optional(),
});

export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const updateUser = defineRoute({
  method: 'PUT',
  path: '/users/:id',
  summary: 'Edit your own profile (name, avatar, language) or change your phone with a code.',
  spec: '§7 Users, §2 /my/profile, /account/phone',
  tags: ['users'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: UpdateUserBody,
  response: User,
});

export const updateUserEmail = defineRoute({
  method: 'PUT',
  path: '/users/:id/email',
  summary: 'Change your e-mail with a mail code sent with purpose `change`.',
  spec: '§7 Users, §2 /account/email',
  tags: ['users'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: z.object({ email: Email, code: Code }),
  response: User,
});

export const WorkBody = z.object({ title: WorkText, company: WorkText });

export const createUserWork = defineRoute({
  method: 'POST',
  path: '/users/:id/works',
  summary: 'Set your work title and company.',
  spec: '§7 Users',
  tags: ['users'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: WorkBody,
  response: User,
});

export const updateUserWork = defineRoute({
  method: 'PUT',
  path: '/users/:id/works',
  summary: 'Update your work title and company.',
  spec: '§7 Users',
  tags: ['users'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: WorkBody,
  response: User,
});

export const getCurrentUser = defineRoute({
  method: 'GET',
  path: '/users/me',
  summary: 'The logged-in user with contact fields (403 token.invalid without a valid session).',
  spec: '§2 /my/index',
  tags: ['users'],
  isPublic: false,
  response: User,
});

export const logout = defineRoute({
  method: 'DELETE',
  path: '/tokens/current',
  summary: 'Log out: revokes the session of the Authorization token (§4 Session).',
  spec: '§4 Session',
  tags: ['auth'],
  isPublic: false,
  response: z.object({ ok: z.literal(1) }),
});
