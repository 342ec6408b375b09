import type { LoginResult } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/api.ts';

/** POST /tokens/phone: login with phone + SMS code (a new phone creates the account). */
export function loginWithPhone(input: {
  phone: string;
  areaCode: string;
  code: string;
  meetingId: string;
}): Promise<LoginResult> {
  return api.post<LoginResult>('/tokens/phone', {
    phone: input.phone,
    area_code: input.areaCode,
    code: input.code,
    meeting_id: input.meetingId,
  });
}

/** POST /tokens/email: login with e-mail + mail code. */
export function loginWithEmail(input: {
  email: string;
  code: string;
  meetingId: string;
}): Promise<LoginResult> {
  return api.post<LoginResult>('/tokens/email', {
    email: input.email,
    code: input.code,
    meeting_id: input.meetingId,
  });
}

/** POST /tokens/exhibitor: exhibitor account + password ('Incorrect account or password'). */
export function loginAsExhibitor(input: {
  account: string;
  password: string;
  meetingId: string;
}): Promise<LoginResult> {
  return api.post<LoginResult>('/tokens/exhibitor', {
    account: input.account,
    password: input.password,
    meeting_id: input.meetingId,
  });
}

/**
 * POST /tokens/phone/v2: login handed over by a trusted embedder (mini-program web view) that signed
 * the phone with the shared salt and a unix timestamp (§5); the page passes the values through.
 */
export function loginWithPhoneSignature(input: {
  phone: string;
  areaCode: string;
  timestamp: string;
  sign: string;
  meetingId: string;
}): Promise<LoginResult> {
  return api.post<LoginResult>('/tokens/phone/v2', {
    phone: input.phone,
    area_code: input.areaCode,
    timestamp: input.timestamp,
    sign: input.sign,
    meeting_id: input.meetingId,
  });
}

/** POST /tokens/wechat: finishes a WeChat web login; 4260 hands back a bind ticket (§8). */
export function loginWithWechat(input: {
  code: string;
  state: string;
  meetingId: string;
}): Promise<LoginResult> {
  return api.post<LoginResult>('/tokens/wechat', {
    code: input.code,
    state: input.state,
    meeting_id: input.meetingId,
  });
}

/** POST /tokens/wechat/bind: binds a phone to the WeChat identity of a 4260 ticket and logs in. */
export function bindWechatPhone(input: {
  ticket: string;
  phone: string;
  areaCode: string;
  code: string;
  meetingId: string;
}): Promise<LoginResult> {
  return api.post<LoginResult>('/tokens/wechat/bind', {
    ticket: input.ticket,
    phone: input.phone,
    area_code: input.areaCode,
    code: input.code,
    meeting_id: input.meetingId,
  });
}

export type OAuthProvider = 'wechat' | 'google' | 'facebook' | 'chinaief';
/** GET /oauth/providers: the methods the meeting's login page shows (§7 Login). */
export type LoginMethodsShown = {
  phone: 0 | 1;
  email: 0 | 1;
  exhibitor: 0 | 1;
  wechat: 0 | 1;
  wechat_qr: 0 | 1;
  google: 0 | 1;
  facebook: 0 | 1;
  chinaief: 0 | { name: Record<string, string> };
};

/** GET /oauth/providers?meeting_id: the meeting's switched-on methods that have credentials. */
export const oauthProvidersQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['oauth', 'providers', meetingId],
    queryFn: () => api.get<LoginMethodsShown>('/oauth/providers', { meeting_id: meetingId }),
    staleTime: 5 * 60_000,
  });

/** POST /oauth/{provider}/authorizations: the identity provider's URL to navigate to. */
export function startOAuth(input: {
  provider: OAuthProvider;
  meetingId: string;
  redirect: string | undefined;
}): Promise<{ url: string }> {
  return api.post<{ url: string }>(`/oauth/${input.provider}/authorizations`, {
    meeting_id: input.meetingId,
    redirect: input.redirect,
  });
}
