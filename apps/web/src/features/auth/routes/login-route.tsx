import type { LoginResult } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useClientEnvironment } from '../../../lib/environment-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { paths, safeRedirect } from '../../../lib/paths.ts';
import { readStored } from '../../../lib/storage.ts';
import { useSession } from '../../../lib/use-session.ts';
import { fetchCurrentUser } from '../api/current-user.ts';
import {
  type LoginMethodsShown,
  loginAsExhibitor,
  loginWithEmail,
  loginWithPhone,
  loginWithPhoneSignature,
  loginWithWechat,
  type OAuthProvider,
  oauthProvidersQueryOptions,
  startOAuth,
} from '../api/login.ts';
import { sendMailCode } from '../api/send-code.ts';
import {
  loginWithWechatMini,
  miniLoginHandoffOf,
  openMiniLoginBridge,
  withoutMiniLoginHandoff,
} from '../api/wechat-mini-login.ts';
import { AgreementCheck } from '../components/agreement-check.tsx';
import { AuthFrame } from '../components/auth-frame.tsx';
import { CodeField } from '../components/code-field.tsx';
import { loadContactRules } from '../components/contact-rules.ts';
import { PhoneCodeFields, type PhoneCodeValue } from '../components/phone-code-fields.tsx';
import { useFinishLogin } from '../components/use-finish-login.ts';
import { bindSkippedKey } from './bind-route.tsx';

/** The desktop WeChat QR sign-in, with the `qrcode` encoder, loads only when chosen. */
const WechatQrLogin = lazy(() => import('../components/wechat-qr-login.tsx'));

type Method = 'phone' | 'email' | 'exhibitor' | 'wechat';
const formMethods = ['phone', 'email', 'exhibitor'] as const;

/** The single sign-on button label in the visitor's language, then English, Chinese, any. */
export function ssoButtonName(names: Record<string, string>, language: string): string {
  return names[language] || names.en || names.zh || Object.values(names).find(Boolean) || 'SSO';
}

/**
 * The tabs of the login page: the meeting's switched-on form methods, and on a desktop browser the
 * WeChat QR sign-in when the meeting has an official account (§7 Login). Before the answer (or when
 * it fails) the three form methods, as before login methods existed.
 */
export function shownTabs(shown: LoginMethodsShown | undefined, isDesktop: boolean): Method[] {
  if (!shown) return [...formMethods];
  const tabs: Method[] = formMethods.filter((method) => shown[method] === 1);
  if (isDesktop && shown.wechat_qr === 1) tabs.push('wechat');
  return tabs;
}

/**
 * /login (§2): phone + SMS code, e-mail + code, exhibitor account + password, "scan with WeChat" on a
 * desktop browser, and the third-party logins (WeChat inside WeChat, Google, Facebook, the meeting's
 * single sign-on) — only the methods the meeting switched on (§7 Login). The privacy agreement must
 * be ticked first (§5). Also finishes hand-offs arriving in the query: a mini-program's signed phone
 * (`phone`, `timestamp`, `sign` → /tokens/phone/v2), a WeChat callback (`wechat_code`, `state` →
 * /tokens/wechat, 4260 → /bind), the mini-program bridge's login codes (`mp_code`, `mp_phone_code` →
 * /tokens/wechat/mini, 4260 → /bind), a third-party `error`. A logged-in visitor goes on to `redirect` or
 * the meeting home — by way of /bind when the account has no phone yet.
 */
export function Component() {
  const meeting = useMeeting();
  const meetingId = idOf(meeting);
  const [search] = useSearchParams();
  const session = useSession();
  const redirect = safeRedirect(search.get('redirect'));
  const isLoggedIn = Boolean(session.token) && session.meetingId === meetingId;
  const { ready } = useTranslation(['auth', 'common']);
  if (!ready) return <LoginSkeleton />;
  if (isLoggedIn) return <AfterLogin meetingId={meetingId} redirect={redirect} />;
  return <LoginForms meetingId={meetingId} redirect={redirect} search={search} />;
}

/** Where a logged-in visitor goes: /bind first when the account has no phone (and binding was not skipped). */
function AfterLogin({ meetingId, redirect }: { meetingId: string; redirect: string | undefined }) {
  const target = redirect ?? paths.home({ meetingId });
  const { data: user, isError } = useQuery({
    queryKey: ['users', 'me', meetingId],
    queryFn: fetchCurrentUser,
  });
  if (isError) return <Navigate to={target} replace />;
  if (!user) return <LoginSkeleton />;
  const hasSkipped = readStored(bindSkippedKey(user._id.$id)) === '1';
  if (!user.phone && !hasSkipped)
    return <Navigate to={paths.bind({ meetingId, redirect: target })} replace />;
  return <Navigate to={target} replace />;
}

function LoginSkeleton() {
  return (
    <div className="mx-auto max-w-[440px] space-y-4 p-5" aria-busy="true">
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

function LoginForms({
  meetingId,
  redirect,
  search,
}: {
  meetingId: string;
  redirect: string | undefined;
  search: URLSearchParams;
}) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const { t: ts, ready: tsReady } = useTranslation('sso');
  const language = useLanguage();
  const environment = useClientEnvironment();
  const finish = useFinishLogin();
  const navigate = useNavigate();
  const [chosen, setMethod] = useState<Method | null>(null);
  const [hasAgreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [phone, setPhone] = useState<PhoneCodeValue>({ areaCode: '86', phone: '', code: '' });
  const [email, setEmail] = useState({ email: '', code: '' });
  const [exhibitor, setExhibitor] = useState({ account: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const providers = useQuery(oauthProvidersQueryOptions(meetingId));
  const tabs = shownTabs(providers.data, environment === 'browser');
  const method: Method | undefined = chosen && tabs.includes(chosen) ? chosen : tabs[0];
  const handoffStarted = useRef(false);

  const run = async (work: () => Promise<LoginResult>) => {
    setBusy(true);
    try {
      finish(await work());
    } catch (error) {
      if (error instanceof ApiError && error.code === 4260) return;
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };

  // Hand-offs in the query: a signed phone from a mini-program, a WeChat callback, a third-party error.
  useEffect(() => {
    if (handoffStarted.current) return;
    handoffStarted.current = true;
    const error = search.get('error');
    if (error) showToast(apiErrorMessage(new ApiError(401, error, error), tc));
    const sign = search.get('sign');
    const signedPhone = search.get('phone');
    const timestamp = search.get('timestamp');
    if (sign && signedPhone && timestamp) {
      void run(() =>
        loginWithPhoneSignature({
          phone: signedPhone,
          areaCode: search.get('area_code') ?? '86',
          timestamp,
          sign,
          meetingId,
        }),
      );
    }
    const wechatCode = search.get('wechat_code');
    const state = search.get('state');
    if (wechatCode && state) {
      setBusy(true);
      loginWithWechat({ code: wechatCode, state, meetingId }).then(finish, (failure: unknown) => {
        setBusy(false);
        if (
          failure instanceof ApiError &&
          failure.code === 4260 &&
          typeof failure.data?.ticket === 'string'
        ) {
          navigate(paths.bind({ meetingId, redirect, ticket: failure.data.ticket }), { replace: true });
          return;
        }
        showToast(apiErrorMessage(failure, tc));
      });
    }
  });

  // Back from the mini-program's bridge page (§2 pages/webview/api/api?action=login): the web view
  // reloads or only changes its hash, so each new hand-off in the query is handled once, when the sso
  // texts are there (a cancel says so).
  const miniHandled = useRef('');
  useEffect(() => {
    const mini = miniLoginHandoffOf(search);
    if (!mini || !tsReady || miniHandled.current === search.toString()) return;
    miniHandled.current = search.toString();
    // The codes work once: a reload must not send them again.
    navigate({ search: withoutMiniLoginHandoff(search).toString() }, { replace: true });
    if (mini.kind === 'cancel') showToast(ts('mini.cancelled'));
    else if (mini.kind === 'fail') showToast(ts('mini.failed'));
    else {
      setBusy(true);
      loginWithWechatMini({ meetingId, code: mini.code, phoneCode: mini.phoneCode }).then(
        finish,
        (failure: unknown) => {
          setBusy(false);
          if (
            failure instanceof ApiError &&
            failure.code === 4260 &&
            typeof failure.data?.ticket === 'string'
          ) {
            navigate(paths.bind({ meetingId, redirect, ticket: failure.data.ticket }), { replace: true });
            return;
          }
          showToast(apiErrorMessage(failure, tc));
        },
      );
    }
  });

  const requireAgreement = (): boolean => {
    if (hasAgreed) return true;
    setAgreementError(true);
    showToast(t('agreement.required'));
    setTimeout(() => setAgreementError(false), 600);
    return false;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const { normaliseEmail } = method === 'email' ? await loadContactRules() : { normaliseEmail: null };
    if (method === 'phone') {
      if (!phone.phone.trim()) next.phone = t('errors.required');
      if (!phone.code.trim()) next.code = t('errors.required');
    } else if (method === 'email') {
      if (!email.email.trim()) next.email = t('errors.required');
      else if (!normaliseEmail?.(email.email)) next.email = t('errors.email');
      if (!email.code.trim()) next.code = t('errors.required');
    } else if (method === 'exhibitor') {
      if (!exhibitor.account.trim()) next.account = t('errors.required');
      if (!exhibitor.password) next.password = t('errors.required');
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    if (!requireAgreement()) return;
    if (method === 'phone') void run(() => loginWithPhone({ ...phone, meetingId }));
    else if (method === 'email') void run(() => loginWithEmail({ ...email, meetingId }));
    else if (method === 'exhibitor') void run(() => loginAsExhibitor({ ...exhibitor, meetingId }));
  };

  const onProvider = async (provider: OAuthProvider) => {
    if (!requireAgreement()) return;
    setBusy(true);
    try {
      // Inside the mini-program, WeChat login goes through the mini-program's bridge page (§2, §7 Login).
      if (provider === 'wechat' && environment === 'miniprogram') {
        await openMiniLoginBridge();
        setBusy(false);
        return;
      }
      const { url } = await startOAuth({ provider, meetingId, redirect });
      window.location.assign(url);
    } catch (error) {
      setBusy(false);
      showToast(apiErrorMessage(error, tc));
    }
  };

  const labels: Record<Method, string> = {
    phone: t('methods.phone'),
    email: t('methods.email'),
    exhibitor: t('methods.exhibitor'),
    wechat: ts('qr.tab'),
  };
  const sso = providers.data?.chinaief;
  const thirdParty = (['wechat', 'google', 'facebook', 'chinaief'] as const).filter((provider) => {
    if (provider === 'chinaief') return Boolean(sso);
    return (
      providers.data?.[provider] === 1 &&
      (provider !== 'wechat' || environment === 'wechat' || environment === 'miniprogram')
    );
  });
  const providerLabel = (provider: OAuthProvider): string =>
    provider === 'chinaief'
      ? ssoButtonName(sso ? sso.name : {}, language)
      : provider === 'wechat' && environment === 'miniprogram'
        ? ts('mini.button')
        : t(`thirdParty.${provider}` as 'thirdParty.wechat');

  if (providers.isPending || !tsReady) return <LoginSkeleton />;

  return (
    <AuthFrame title={t('title')} subtitle={t('subtitle')}>
      {tabs.length > 1 ? (
        <div
          role="tablist"
          aria-label={t('methods.label')}
          className="mb-5 grid auto-cols-fr grid-flow-col rounded-full bg-slate-100 p-1"
        >
          {tabs.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={method === value}
              data-method={value}
              onClick={() => {
                setMethod(value);
                setErrors({});
              }}
              className={cx(
                'h-9 rounded-full px-1 text-[14px] font-medium transition-colors',
                method === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500',
              )}
            >
              {labels[value]}
            </button>
          ))}
        </div>
      ) : null}

      {method === 'wechat' ? (
        <div className="flex flex-col gap-4">
          {hasAgreed ? (
            <Suspense fallback={<Skeleton className="mx-auto size-[216px]" />}>
              <WechatQrLogin meetingId={meetingId} redirect={redirect} />
            </Suspense>
          ) : (
            <div className="flex flex-col items-center text-center">
              <p className="text-[16px] font-semibold text-slate-900">{ts('qr.title')}</p>
              <div className="mt-4 flex size-[216px] items-center justify-center rounded-card bg-slate-50 px-6 text-[13px] text-slate-500 ring-1 ring-slate-200">
                {ts('qr.agreeFirst')}
              </div>
            </div>
          )}
          <AgreementCheck
            meetingId={meetingId}
            isChecked={hasAgreed}
            onChange={setAgreed}
            hasError={agreementError}
          />
        </div>
      ) : null}

      {method && method !== 'wechat' ? (
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="flex flex-col gap-4"
          aria-busy={isBusy}
        >
          {method === 'phone' ? (
            <PhoneCodeFields
              meetingId={meetingId}
              purpose="login"
              value={phone}
              onChange={setPhone}
              errors={errors}
              onErrors={setErrors}
            />
          ) : null}
          {method === 'email' ? (
            <>
              <Field
                label={t('email.label')}
                name="email"
                maxLength={textLimits.email}
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder={t('email.placeholder')}
                value={email.email}
                onChange={(event) => setEmail({ ...email, email: event.target.value })}
                error={errors.email}
              />
              <CodeField
                value={email.code}
                onChange={(code) => setEmail({ ...email, code })}
                error={errors.code}
                canSend={async () => {
                  const { normaliseEmail } = await loadContactRules();
                  const isValid = normaliseEmail(email.email) !== null;
                  setErrors(
                    isValid ? {} : { email: email.email.trim() ? t('errors.email') : t('errors.required') },
                  );
                  return isValid;
                }}
                send={() => sendMailCode({ email: email.email, meetingId, purpose: 'login', lang: language })}
              />
            </>
          ) : null}
          {method === 'exhibitor' ? (
            <>
              <Field
                label={t('exhibitor.account')}
                name="account"
                maxLength={textLimits.account}
                autoComplete="username"
                autoCapitalize="none"
                value={exhibitor.account}
                onChange={(event) => setExhibitor({ ...exhibitor, account: event.target.value })}
                error={errors.account}
              />
              <Field
                label={t('exhibitor.password')}
                name="password"
                maxLength={textLimits.password}
                type="password"
                autoComplete="current-password"
                value={exhibitor.password}
                onChange={(event) => setExhibitor({ ...exhibitor, password: event.target.value })}
                error={errors.password}
              />
            </>
          ) : null}

          <AgreementCheck
            meetingId={meetingId}
            isChecked={hasAgreed}
            onChange={setAgreed}
            hasError={agreementError}
          />
          <Button type="submit" className="mt-1 h-12 w-full text-[16px]" disabled={isBusy}>
            {isBusy ? tc('states.loading') : t('submit')}
          </Button>
          {method !== 'exhibitor' ? (
            <p className="text-center text-[12px] text-slate-500">{t('newAccountHint')}</p>
          ) : null}
        </form>
      ) : null}

      {!method && thirdParty.length === 0 ? (
        <p role="status" className="py-6 text-center text-[14px] text-slate-500">
          {ts('errors.noMethods')}
        </p>
      ) : null}

      {thirdParty.length > 0 ? (
        <div className="mt-8">
          <p className="flex items-center gap-3 text-[12px] text-slate-400 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            {t('thirdParty.title')}
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            {thirdParty.map((provider) => (
              <Button
                key={provider}
                variant="secondary"
                size="sm"
                onClick={() => void onProvider(provider)}
                disabled={isBusy}
                data-provider={provider}
              >
                {providerLabel(provider)}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </AuthFrame>
  );
}
