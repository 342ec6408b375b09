import { z } from 'zod';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * WeChat third-party platform (§3 wechat_authorize.authorizer_appid; §7 GET/POST /wechat/authorizes;
 * §8 'The official account is not authorized'): an organiser lets the meeting's official account
 * authorise our platform instead of handing over its AppSecret. The browser goes to WeChat's
 * authorisation page and comes back through GET /api/wechat/component/callback (a plain route), which
 * stores the authorisation and opens the console's WeChat screen.
 */

export const WechatAuthorizationBody = z.object({ meeting_id: ObjectIdString });
export type WechatAuthorizationBody = z.infer<typeof WechatAuthorizationBody>;

export const createWechatAuthorization = defineRoute({
  method: 'POST',
  path: '/wechat/authorizes',
  summary:
    "Starts the authorisation of the meeting's official account by our WeChat third-party platform: answers `{ url }` of WeChat's authorisation page (pre-auth code, single-use state valid 10 minutes). WeChat sends the browser back to GET /api/wechat/component/callback, which 302s to /#/console/meetings/{id}/wechat?authorized=1 (or ?error=…). Needs console action wechat.settings of the meeting (401/403). 409 wechat.not_configured when the platform is not set up on this server (WECHAT_COMPONENT_*) or WeChat has not pushed its verify ticket yet; 502 wechat.unavailable when WeChat fails.",
  spec: '§7 WeChat POST /wechat/authorizes, §3 wechat_authorize',
  tags: ['wechat'],
  isPublic: false,
  body: WechatAuthorizationBody,
  response: z.object({ url: z.string() }),
});

/**
 * The console's way to the same start (DESIGN §7): console calls act on any meeting the caller holds
 * a role in, whichever meeting their session was opened on, while POST /wechat/authorizes (a §7 call)
 * needs a session of the meeting it names.
 */
export const createConsoleWechatAuthorization = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/wechat/authorizes',
  summary:
    "POST /wechat/authorizes for the console: the URL of WeChat's authorisation page for the meeting in the path, from a console session of any meeting. Same answers: 403 without console action wechat.settings, 409 wechat.not_configured, 502 wechat.unavailable.",
  spec: '§7 WeChat POST /wechat/authorizes, §3 wechat_authorize, DESIGN §7',
  tags: ['wechat', 'console'],
  isPublic: false,
  params: z.object({ meeting_id: ObjectIdString }),
  response: z.object({ url: z.string() }),
});

export const WechatAuthorizationsQuery = z.object({ meeting_id: ObjectIdString });
export type WechatAuthorizationsQuery = z.infer<typeof WechatAuthorizationsQuery>;

export const WechatAuthorization = z.object({
  /** AppID of the official account that authorised the platform. */
  authorizer_appid: z.string(),
  /** The account's display name (nick_name from WeChat). */
  name: z.string(),
  /** Always 1: only live authorisations are listed. */
  authorized: z.literal(1),
});
export type WechatAuthorization = z.infer<typeof WechatAuthorization>;

export const listWechatAuthorizations = defineRoute({
  method: 'GET',
  path: '/wechat/authorizes',
  summary:
    "The meeting's official-account authorisation: `{ results: [{ authorizer_appid, name, authorized: 1 }] }` while an account has authorised our platform, else `{ results: [] }` (clients take the first item). Public. 404 when the meeting does not exist.",
  spec: '§7 WeChat GET /wechat/authorizes, §3 wechat_authorize',
  tags: ['wechat'],
  isPublic: true,
  querystring: WechatAuthorizationsQuery,
  response: z.object({ results: z.array(WechatAuthorization) }),
});
