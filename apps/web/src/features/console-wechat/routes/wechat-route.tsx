import {
  type ConsoleWechatSettings,
  type ConsoleWechatTestResult,
  type ConsoleWechatTestTarget,
  type LoginMethodName,
  loginMethodNames,
  type UpdateConsoleWechatSettingsBody,
  type WechatMiniEnvVersion,
  type WechatOfficialMode,
} from '@app/contracts';
import { enabledLanguages, type Language } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink, XCircle } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/form-dialog.tsx';
import { ImageField } from '../../../components/ui/image-field.tsx';
import { LanguageTabs } from '../../../components/ui/language-tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import {
  startWechatAuthorization,
  testWechatConnection,
  useSaveWechatSettings,
  wechatAuthorizationsQuery,
  wechatMeetingQuery,
  wechatSettingsQuery,
} from '../api/console-wechat-api.ts';
import {
  CopyRow,
  errorKeyOf,
  fieldErrors,
  keepSecret,
  type SecretDraft,
  SecretField,
  secretBody,
} from '../components/wechat-parts.tsx';

const appidPattern = /^wx[0-9a-f]{16}$/;
const aesKeyPattern = /^[A-Za-z0-9]{43}$/;
const tokenPattern = /^[A-Za-z0-9]{3,32}$/;
const secretPattern = /^[0-9a-fA-F]{32}$/;

/**
 * `#/console/meetings/:meetingId/wechat` — "WeChat & sign-in" (DESIGN §7; §3 wechat_authorize; §7
 * WeChat, Login; §2 /oauth/chinaief, mini-program pages): the official account (the deployment's,
 * the organiser's own with write-only AppSecret, push token and EncodingAESKey, or one authorised
 * through our third-party platform), the mini-program, the login methods and the meeting's single
 * sign-on, and a preview of the chat card. Each card saves only its own fields (a partial update).
 * Needs wechat.settings (owner, organiser).
 */
function WechatRoute() {
  const { meetingId = '' } = useParams();
  const { t } = useTranslation('console-wechat');
  const settings = useQuery(wechatSettingsQuery(meetingId));
  const [search, setSearch] = useSearchParams();

  // WeChat's authorisation page sends the organiser back here with ?authorized=1 or ?error=… (§7).
  useEffect(() => {
    if (search.get('authorized') === '1') showToast(t('platform.authorizedToast'));
    else if (search.get('error')) showToast(t('platform.failedToast'));
    if (search.has('authorized') || search.has('error')) setSearch({}, { replace: true });
  }, [search, setSearch, t]);

  return (
    <ConsolePage title={t('title')} description={t('description')} testId="console-wechat">
      {settings.isError ? (
        <ConsoleErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <div className="space-y-5">
          <TableSkeleton rows={4} />
          <TableSkeleton rows={3} />
        </div>
      ) : (
        <div className="grid gap-5 desk:grid-cols-[minmax(0,1fr)_320px]">
          <div className="min-w-0 space-y-5">
            <OfficialCard meetingId={meetingId} settings={settings.data} />
            <LoginCard meetingId={meetingId} settings={settings.data} />
            <MiniCard meetingId={meetingId} settings={settings.data} />
          </div>
          <div className="min-w-0">
            <SharePreviewCard meetingId={meetingId} />
          </div>
        </div>
      )}
    </ConsolePage>
  );
}

function CardTitle({ children, hint }: { children: ReactNode; hint?: string }) {
  return (
    <div>
      <h2 className="text-base font-semibold text-slate-900">{children}</h2>
      {hint ? <p className="mt-0.5 text-[13px] text-slate-500">{hint}</p> : null}
    </div>
  );
}

/** "Test connection": asks the server, then shows ok or WeChat's errmsg under the button. */
function TestButton({
  meetingId,
  target,
  label,
  disabled,
}: {
  meetingId: string;
  target: ConsoleWechatTestTarget;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('console-wechat');
  const [isBusy, setBusy] = useState(false);
  const [result, setResult] = useState<ConsoleWechatTestResult | { ok: 0; message: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await testWechatConnection(meetingId, target));
    } catch (error) {
      setResult({ ok: 0, message: t(errorKeyOf(error)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        onClick={() => void run()}
        disabled={disabled || isBusy}
        data-testid={`wechat-test-${target}`}
      >
        {isBusy ? t('test.running') : label}
      </Button>
      {result ? (
        <p
          role="status"
          className={`flex items-center gap-1.5 text-sm ${result.ok === 1 ? 'text-emerald-700' : 'text-red-600'}`}
          data-testid={`wechat-test-${target}-result`}
        >
          {result.ok === 1 ? (
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <XCircle aria-hidden="true" className="size-4 shrink-0" />
          )}
          <span>
            {result.ok === 1 ? t('test.ok') : t('test.failed')}
            {result.ok === 1 || !result.message ? '' : ` — ${result.message}`}
          </span>
        </p>
      ) : null}
    </div>
  );
}

const modes: WechatOfficialMode[] = ['server', 'own', 'platform'];

function OfficialCard({ meetingId, settings }: { meetingId: string; settings: ConsoleWechatSettings }) {
  const { t } = useTranslation('console-wechat');
  const save = useSaveWechatSettings(meetingId);
  const official = settings.official;
  const [mode, setMode] = useState<WechatOfficialMode>(official.mode);
  const [appid, setAppid] = useState(official.appid);
  const [secret, setSecret] = useState<SecretDraft>(keepSecret);
  const [token, setToken] = useState<SecretDraft>(keepSecret);
  const [aesKey, setAesKey] = useState<SecretDraft>(keepSecret);
  const [name, setName] = useState(official.name);
  const [qrcode, setQrcode] = useState(official.qrcode_url);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    setMode(settings.official.mode);
    setAppid(settings.official.appid);
    setName(settings.official.name);
    setQrcode(settings.official.qrcode_url);
    setSecret(keepSecret);
    setToken(keepSecret);
    setAesKey(keepSecret);
  }, [settings]);

  const typed = (draft: SecretDraft) => (draft.mode === 'replace' ? draft.value.trim() : '');
  const errors: Record<string, string | undefined> = {
    appid:
      appid && !appidPattern.test(appid.trim()) ? t('official.appidInvalid') : serverErrors['official/appid'],
    secret:
      typed(secret) && !secretPattern.test(typed(secret))
        ? t('official.secretInvalid')
        : serverErrors['official/secret'],
    token:
      typed(token) && !tokenPattern.test(typed(token))
        ? t('official.tokenInvalid')
        : serverErrors['official/token'],
    aes_key:
      typed(aesKey) && !aesKeyPattern.test(typed(aesKey))
        ? t('official.aesKeyInvalid', { length: typed(aesKey).length })
        : serverErrors['official/aes_key'],
  };
  const hasClientError = ['appid', 'secret', 'token', 'aes_key'].some(
    (key) => errors[key] && !serverErrors[`official/${key}`],
  );
  const isDirty =
    mode !== official.mode ||
    appid !== official.appid ||
    name !== official.name ||
    qrcode !== official.qrcode_url ||
    [secret, token, aesKey].some((draft) => secretBody(draft) !== undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hasClientError) return;
    const body: NonNullable<UpdateConsoleWechatSettingsBody['official']> = {
      mode,
      name: name.trim(),
      qrcode_url: qrcode,
    };
    if (mode === 'own' || appid !== official.appid) body.appid = appid.trim();
    const secretValue = secretBody(secret);
    if (secretValue !== undefined) body.secret = secretValue;
    const tokenValue = secretBody(token);
    if (tokenValue !== undefined) body.token = tokenValue;
    const aesValue = secretBody(aesKey);
    if (aesValue !== undefined) body.aes_key = aesValue;
    setServerErrors({});
    save.mutate(
      { official: body },
      {
        onSuccess: () => showToast(t('saved')),
        onError: (error) => {
          setServerErrors(fieldErrors(error));
          showToast(t(errorKeyOf(error)));
        },
      },
    );
  };

  return (
    <Card className="p-4 desk:p-5">
      <form onSubmit={onSubmit} className="space-y-4" data-testid="wechat-official">
        <CardTitle hint={t('official.hint')}>{t('official.title')}</CardTitle>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('official.mode')}</legend>
          <div className="grid gap-2 desk:grid-cols-3">
            {modes.map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer gap-2.5 rounded-card p-3 ring-1 transition-shadow ${
                  mode === value ? 'bg-primary/5 ring-2 ring-primary' : 'bg-white ring-slate-200'
                }`}
              >
                <input
                  type="radio"
                  name="official-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="mt-0.5"
                  data-testid={`wechat-mode-${value}`}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">
                    {t(`official.modes.${value}`)}
                  </span>
                  <span className="block text-[13px] text-slate-500">{t(`official.modeHints.${value}`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {mode === 'server' ? (
          <p
            className={`rounded-card px-3 py-2 text-sm ${
              official.server_account === 1 ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'
            }`}
            data-testid="wechat-server-account"
          >
            {official.server_account === 1 ? t('official.serverReady') : t('official.serverMissing')}
          </p>
        ) : null}

        {mode === 'own' ? (
          <div className="grid gap-4 desk:grid-cols-2">
            <Field
              label={t('official.appid')}
              value={appid}
              dir="ltr"
              spellCheck={false}
              autoComplete="off"
              placeholder="wx0123456789abcdef"
              error={errors.appid}
              onChange={(event) => setAppid(event.target.value)}
              data-testid="wechat-official-appid"
            />
            <SecretField
              label={t('official.secret')}
              state={official.secret}
              draft={secret}
              onChange={setSecret}
              error={errors.secret}
              testId="wechat-official-secret"
            />
            <SecretField
              label={t('official.token')}
              hint={t('official.tokenHint')}
              state={official.token}
              draft={token}
              onChange={setToken}
              error={errors.token}
              testId="wechat-official-token"
            />
            <SecretField
              label={t('official.aesKey')}
              hint={t('official.aesKeyHint')}
              state={official.aes_key}
              draft={aesKey}
              onChange={setAesKey}
              error={errors.aes_key}
              testId="wechat-official-aes"
            />
          </div>
        ) : null}

        {mode === 'platform' ? <PlatformStatus meetingId={meetingId} /> : null}

        {mode !== 'platform' && official.message_url && mode === official.mode ? (
          <div className="space-y-1.5">
            <CopyRow
              label={t('official.messageUrl')}
              value={official.message_url}
              testId="wechat-message-url"
            />
            <p className="text-[13px] text-slate-500">{t('official.messageUrlHint')}</p>
          </div>
        ) : null}

        <div className="grid gap-4 desk:grid-cols-2">
          <Field
            label={t('official.name')}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
            data-testid="wechat-official-name"
          />
          <ImageField
            label={t('official.qrcode')}
            hint={t('official.qrcodeHint')}
            value={qrcode}
            onChange={setQrcode}
            testId="wechat-official-qrcode"
          />
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          {mode !== 'platform' ? (
            <TestButton
              meetingId={meetingId}
              target="official"
              label={t('test.official')}
              disabled={isDirty}
            />
          ) : (
            <span />
          )}
          <Button
            type="submit"
            disabled={save.isPending || !isDirty || hasClientError}
            data-testid="wechat-official-save"
          >
            {t('save')}
          </Button>
        </div>
        {isDirty && mode !== 'platform' ? (
          <p className="text-[13px] text-slate-500">{t('test.saveFirst')}</p>
        ) : null}
      </form>
    </Card>
  );
}

/** Platform mode: who authorised (GET /wechat/authorizes) and the Authorise button (POST). */
function PlatformStatus({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('console-wechat');
  const status = useQuery(wechatAuthorizationsQuery(meetingId));
  const [isBusy, setBusy] = useState(false);
  const authorise = async () => {
    setBusy(true);
    try {
      const { url } = await startWechatAuthorization(meetingId);
      window.location.assign(url);
    } catch (error) {
      showToast(t(errorKeyOf(error)));
      setBusy(false);
    }
  };
  return (
    <div
      className="space-y-3 rounded-card bg-slate-50 p-3 ring-1 ring-slate-200"
      data-testid="wechat-platform"
    >
      {status.isError ? (
        <ConsoleErrorState error={status.error} onRetry={() => void status.refetch()} />
      ) : status.isPending ? (
        <TableSkeleton rows={1} />
      ) : status.data ? (
        <p className="flex items-center gap-2 text-sm text-emerald-800" data-testid="wechat-platform-status">
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          <span>
            {t('platform.authorized', { name: status.data.name || status.data.authorizer_appid })}{' '}
            <span dir="ltr" className="font-mono text-[13px] text-slate-500">
              {status.data.authorizer_appid}
            </span>
          </span>
        </p>
      ) : (
        <p className="text-sm text-amber-800" data-testid="wechat-platform-status">
          {t('platform.notAuthorized')}
        </p>
      )}
      <p className="text-[13px] text-slate-500">{t('platform.hint')}</p>
      <Button onClick={() => void authorise()} disabled={isBusy} data-testid="wechat-authorize">
        <ExternalLink aria-hidden="true" className="size-4" />
        {status.data ? t('platform.reauthorize') : t('platform.authorize')}
      </Button>
    </div>
  );
}

const envVersions: WechatMiniEnvVersion[] = ['release', 'trial', 'develop'];

function MiniCard({ meetingId, settings }: { meetingId: string; settings: ConsoleWechatSettings }) {
  const { t } = useTranslation('console-wechat');
  const save = useSaveWechatSettings(meetingId);
  const mini = settings.mini;
  const [appid, setAppid] = useState(mini.appid);
  const [secret, setSecret] = useState<SecretDraft>(keepSecret);
  const [env, setEnv] = useState<WechatMiniEnvVersion>(mini.env_version);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setAppid(settings.mini.appid);
    setEnv(settings.mini.env_version);
    setSecret(keepSecret);
  }, [settings]);
  const typedSecret = secret.mode === 'replace' ? secret.value.trim() : '';
  const errors = {
    appid:
      appid && !appidPattern.test(appid.trim()) ? t('official.appidInvalid') : serverErrors['mini/appid'],
    secret:
      typedSecret && !secretPattern.test(typedSecret)
        ? t('official.secretInvalid')
        : serverErrors['mini/secret'],
  };
  const hasClientError =
    Boolean(appid && !appidPattern.test(appid.trim())) ||
    Boolean(typedSecret && !secretPattern.test(typedSecret));
  const isDirty = appid !== mini.appid || env !== mini.env_version || secretBody(secret) !== undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hasClientError) return;
    const body: NonNullable<UpdateConsoleWechatSettingsBody['mini']> = {
      appid: appid.trim(),
      env_version: env,
    };
    const secretValue = secretBody(secret);
    if (secretValue !== undefined) body.secret = secretValue;
    setServerErrors({});
    save.mutate(
      { mini: body },
      {
        onSuccess: () => showToast(t('saved')),
        onError: (error) => {
          setServerErrors(fieldErrors(error));
          showToast(t(errorKeyOf(error)));
        },
      },
    );
  };
  return (
    <Card className="p-4 desk:p-5">
      <form onSubmit={onSubmit} className="space-y-4" data-testid="wechat-mini">
        <CardTitle hint={t('mini.hint')}>{t('mini.title')}</CardTitle>
        <div className="grid gap-4 desk:grid-cols-2">
          <Field
            label={t('mini.appid')}
            value={appid}
            dir="ltr"
            spellCheck={false}
            autoComplete="off"
            placeholder="wx0123456789abcdef"
            error={errors.appid}
            onChange={(event) => setAppid(event.target.value)}
            data-testid="wechat-mini-appid"
          />
          <SecretField
            label={t('mini.secret')}
            state={mini.secret}
            draft={secret}
            onChange={setSecret}
            error={errors.secret}
            testId="wechat-mini-secret"
          />
          <SelectField
            label={t('mini.env')}
            value={env}
            onChange={(value) => setEnv(value as WechatMiniEnvVersion)}
            options={envVersions.map((value) => ({ value, label: t(`mini.envs.${value}`) }))}
            testId="wechat-mini-env"
          />
        </div>
        <div className="space-y-1.5">
          <CopyRow label={t('mini.domain')} value={mini.webview_domain} testId="wechat-webview-domain" />
          <p className="text-[13px] text-slate-500">{t('mini.domainHint')}</p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <TestButton
            meetingId={meetingId}
            target="mini"
            label={t('test.mini')}
            disabled={isDirty || mini.secret.set === 0}
          />
          <Button
            type="submit"
            disabled={save.isPending || !isDirty || hasClientError}
            data-testid="wechat-mini-save"
          >
            {t('save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

type Methods = Record<LoginMethodName, 0 | 1>;

function LoginCard({ meetingId, settings }: { meetingId: string; settings: ConsoleWechatSettings }) {
  const { t } = useTranslation('console-wechat');
  const save = useSaveWechatSettings(meetingId);
  const uiLanguage = useLanguage();
  const meeting = useQuery(wechatMeetingQuery(meetingId));
  const languages: Language[] = meeting.data
    ? enabledLanguages(meeting.data.config.language as Record<string, unknown> | undefined)
    : [uiLanguage];
  const sso = settings.chinaief;
  const [methods, setMethods] = useState<Methods>(settings.login_methods);
  const [issuer, setIssuer] = useState(sso.issuer);
  const [clientId, setClientId] = useState(sso.client_id);
  const [secret, setSecret] = useState<SecretDraft>(keepSecret);
  const [scopes, setScopes] = useState(sso.scopes);
  const [names, setNames] = useState<Record<string, string>>(
    typeof sso.name === 'string' ? { en: sso.name } : sso.name,
  );
  const [tab, setTab] = useState<string>(uiLanguage);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setMethods(settings.login_methods);
    setIssuer(settings.chinaief.issuer);
    setClientId(settings.chinaief.client_id);
    setScopes(settings.chinaief.scopes);
    setNames(
      typeof settings.chinaief.name === 'string' ? { en: settings.chinaief.name } : settings.chinaief.name,
    );
    setSecret(keepSecret);
  }, [settings]);
  const activeTab = languages.includes(tab as Language) ? tab : (languages[0] ?? uiLanguage);
  const isAllOff = loginMethodNames.every((name) => methods[name] === 0);
  const ssoOn = methods.chinaief === 1;
  const issuerInvalid = issuer.trim() !== '' && !/^https?:\/\/\S+$/i.test(issuer.trim());
  const errors = {
    issuer: issuerInvalid
      ? t('login.issuerInvalid')
      : ssoOn && !issuer.trim()
        ? t('login.issuerRequired')
        : serverErrors['chinaief/issuer'],
    client_id: ssoOn && !clientId.trim() ? t('login.clientIdRequired') : serverErrors['chinaief/client_id'],
  };
  const hasClientError = isAllOff || issuerInvalid || (ssoOn && (!issuer.trim() || !clientId.trim()));
  const storedNames = typeof sso.name === 'string' ? { en: sso.name } : sso.name;
  const isDirty =
    loginMethodNames.some((name) => methods[name] !== settings.login_methods[name]) ||
    issuer !== sso.issuer ||
    clientId !== sso.client_id ||
    scopes !== sso.scopes ||
    secretBody(secret) !== undefined ||
    JSON.stringify(names) !== JSON.stringify(storedNames);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hasClientError) return;
    const chinaief: NonNullable<UpdateConsoleWechatSettingsBody['chinaief']> = {
      issuer: issuer.trim(),
      client_id: clientId.trim(),
      name: Object.fromEntries(Object.entries(names).filter(([, value]) => value.trim() !== '')),
    };
    if (scopes.trim()) chinaief.scopes = scopes.trim().replace(/\s+/g, ' ');
    const secretValue = secretBody(secret);
    if (secretValue !== undefined) chinaief.secret = secretValue;
    setServerErrors({});
    save.mutate(
      { login_methods: methods, chinaief },
      {
        onSuccess: () => showToast(t('saved')),
        onError: (error) => {
          setServerErrors(fieldErrors(error));
          showToast(t(errorKeyOf(error)));
        },
      },
    );
  };
  return (
    <Card className="p-4 desk:p-5">
      <form onSubmit={onSubmit} className="space-y-4" data-testid="wechat-login">
        <CardTitle hint={t('login.hint')}>{t('login.title')}</CardTitle>
        <div className="grid gap-2 sm:grid-cols-2 desk:grid-cols-3">
          {loginMethodNames.map((name) => (
            <label
              key={name}
              className="flex min-h-12 cursor-pointer items-center justify-between gap-3 rounded-card bg-white px-3 ring-1 ring-slate-200"
            >
              <span className="text-sm text-slate-800">{t(`login.methods.${name}`)}</span>
              <input
                type="checkbox"
                role="switch"
                aria-checked={methods[name] === 1}
                checked={methods[name] === 1}
                onChange={(event) => setMethods({ ...methods, [name]: event.target.checked ? 1 : 0 })}
                className="peer sr-only"
                data-testid={`wechat-method-${name}`}
              />
              <span
                aria-hidden="true"
                className="relative h-6 w-10 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:start-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-primary peer-checked:after:translate-x-4 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary rtl:peer-checked:after:-translate-x-4"
              />
            </label>
          ))}
        </div>
        {isAllOff ? (
          <p role="alert" className="text-[13px] text-red-600" data-testid="wechat-methods-none">
            {t('login.atLeastOne')}
          </p>
        ) : null}

        <div
          className="space-y-4 rounded-card bg-slate-50 p-3 ring-1 ring-slate-200"
          data-testid="wechat-sso"
        >
          <CardTitle hint={t('login.ssoHint')}>{t('login.ssoTitle')}</CardTitle>
          <div className="grid gap-4 desk:grid-cols-2">
            <Field
              label={t('login.issuer')}
              value={issuer}
              dir="ltr"
              spellCheck={false}
              placeholder="https://sso.example.com"
              error={errors.issuer}
              onChange={(event) => setIssuer(event.target.value)}
              data-testid="wechat-sso-issuer"
            />
            <Field
              label={t('login.clientId')}
              value={clientId}
              dir="ltr"
              spellCheck={false}
              autoComplete="off"
              error={errors.client_id}
              onChange={(event) => setClientId(event.target.value)}
              data-testid="wechat-sso-client"
            />
            <SecretField
              label={t('login.clientSecret')}
              state={sso.secret}
              draft={secret}
              onChange={setSecret}
              error={serverErrors['chinaief/secret']}
              testId="wechat-sso-secret"
            />
            <Field
              label={t('login.scopes')}
              hint={t('login.scopesHint')}
              value={scopes}
              dir="ltr"
              spellCheck={false}
              error={serverErrors['chinaief/scopes']}
              onChange={(event) => setScopes(event.target.value)}
              data-testid="wechat-sso-scopes"
            />
          </div>
          <div className="space-y-2">
            {languages.length > 1 ? (
              <LanguageTabs
                languages={languages}
                value={activeTab}
                onChange={setTab}
                labelOf={(code) => languageName(code as Language)}
                isWritten={(code) => Boolean(names[code]?.trim())}
                label={t('login.nameLanguages')}
                writtenLabel={t('login.written')}
                testIdPrefix="wechat-sso-lang-"
              />
            ) : null}
            <Field
              label={t('login.buttonName')}
              hint={t('login.buttonNameHint')}
              value={names[activeTab] ?? ''}
              maxLength={200}
              onChange={(event) => setNames({ ...names, [activeTab]: event.target.value })}
              data-testid="wechat-sso-name"
            />
          </div>
          <TestButton
            meetingId={meetingId}
            target="chinaief"
            label={t('test.chinaief')}
            disabled={!sso.issuer || issuer.trim() !== sso.issuer}
          />
        </div>

        <div className="flex justify-end border-t border-slate-100 pt-4">
          <Button
            type="submit"
            disabled={save.isPending || hasClientError || !isDirty}
            data-testid="wechat-login-save"
          >
            {t('save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The chat card a shared link shows (title, description, cover), from the meeting's share fields. */
function SharePreviewCard({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('console-wechat');
  const { meeting: summary } = useConsole();
  const uiLanguage = useLanguage();
  const meeting = useQuery(wechatMeetingQuery(meetingId));
  const textOf = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : value && typeof value === 'object'
        ? String((value as Record<string, string>)[uiLanguage] ?? Object.values(value)[0] ?? '')
        : '';
  const config = meeting.data?.config;
  const title = config?.wx_share_title || textOf(meeting.data?.title ?? summary?.title);
  const description = config?.wx_share_desc || '';
  const cover = config?.wx_share_cover || meeting.data?.cover || summary?.cover || '';
  return (
    <Card className="space-y-3 p-4 desk:sticky desk:top-4 desk:p-5" data-testid="wechat-share">
      <CardTitle hint={t('share.hint')}>{t('share.title')}</CardTitle>
      {meeting.isError ? (
        <ConsoleErrorState error={meeting.error} onRetry={() => void meeting.refetch()} />
      ) : meeting.isPending ? (
        <TableSkeleton rows={2} />
      ) : (
        <div className="rounded-card bg-[#ededed] p-3" aria-label={t('share.previewLabel')} role="img">
          <div
            className="ms-auto max-w-[260px] rounded-lg bg-white p-3 shadow-sm"
            data-testid="wechat-share-card"
          >
            <p className="line-clamp-2 text-[15px] leading-snug text-slate-900">{title}</p>
            <div className="mt-2 flex gap-2">
              <p className="line-clamp-3 min-w-0 flex-1 text-[12px] leading-snug text-slate-500">
                {description || t('share.noDescription')}
              </p>
              {cover ? (
                <img src={cover} alt="" className="size-12 shrink-0 rounded object-cover" />
              ) : (
                <span className="size-12 shrink-0 rounded bg-slate-100" />
              )}
            </div>
          </div>
        </div>
      )}
      <Link
        to={`/console/meetings/${meetingId}/settings`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        data-testid="wechat-share-edit"
      >
        {t('share.edit')}
      </Link>
    </Card>
  );
}

export const Component = WechatRoute;
