import { RefreshCw, ScanLine } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { paths } from '../../../lib/paths.ts';
import { createWechatQrcode, pollWechatQrcode, redeemWechatQrcode } from '../api/wechat-qr.ts';
import { useFinishLogin } from './use-finish-login.ts';

/**
 * Where a desktop sign-in stands on this page: asking for a code, showing it (`pending`), the phone
 * scanned it (`signing`: redeeming), or a stop with its message — expired (§8 'QR code has
 * expired'), invalid (§8 'Invalid QR code information'), not offered, or a failed request.
 */
type Phase =
  | { name: 'loading' }
  | { name: 'pending'; loginId: string; secret: string; url: string; expiresAt: number }
  | { name: 'signing' }
  | { name: 'expired' }
  | { name: 'invalid' }
  | { name: 'unavailable'; code: string };

/** Milliseconds between status polls (contracts wechatQrPollIntervalMs; kept here so zod stays out of the chunk). */
const wechatQrPollIntervalMs = 2_000;

/** The sso catalogue key of a stop's message. */
const stopMessages = {
  expired: 'qr.expired',
  invalid: 'qr.invalid',
  'wechat.not_authorized': 'qr.notAuthorized',
  'wechat.not_configured': 'qr.notConfigured',
  'login.method_disabled': 'errors.methodDisabled',
  too_frequent: 'qr.tooFrequent',
  failed: 'qr.failed',
} as const;

const stopOf = (error: unknown): Phase => {
  if (error instanceof ApiError) {
    if (error.code === 'wechat.qr_expired') return { name: 'expired' };
    if (error.code === 'wechat.qr_invalid') return { name: 'invalid' };
    return { name: 'unavailable', code: String(error.code) };
  }
  return { name: 'unavailable', code: 'failed' };
};

/**
 * Desktop "scan with WeChat to sign in" (§7 GET /wechat/service/qrcodes, §8): asks the server for a
 * QR code of the meeting's official account, draws its `url` locally (the `qrcode` package), polls
 * the status every 2 s with the secret only this page holds, and redeems it once scanned: a session
 * (the login page then moves on), or the 4260 hand-back → /bind with the ticket. An expired or
 * invalid code offers a fresh one; polling stops when the page leaves.
 */
export default function WechatQrLogin({
  meetingId,
  redirect,
}: {
  meetingId: string;
  redirect: string | undefined;
}) {
  const { t } = useTranslation('sso');
  const finish = useFinishLogin();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const generation = useRef(0);

  const start = useCallback(() => {
    const mine = ++generation.current;
    setPhase({ name: 'loading' });
    createWechatQrcode(meetingId).then(
      (qr) => {
        if (generation.current !== mine) return;
        setPhase({
          name: 'pending',
          loginId: qr.login_id,
          secret: qr.secret,
          url: qr.url,
          expiresAt: Date.now() + qr.expire_seconds * 1000,
        });
      },
      (error: unknown) => {
        if (generation.current === mine) setPhase(stopOf(error));
      },
    );
  }, [meetingId]);

  useEffect(() => {
    start();
    return () => {
      generation.current++;
    };
  }, [start]);

  // Poll while the code is shown; redeem once the phone scanned it.
  useEffect(() => {
    if (phase.name !== 'pending') return;
    const mine = generation.current;
    const { loginId, secret, expiresAt } = phase;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const redeem = async () => {
      setPhase({ name: 'signing' });
      try {
        finish(await redeemWechatQrcode({ loginId, secret }));
      } catch (error) {
        if (generation.current !== mine) return;
        if (error instanceof ApiError && error.code === 4260 && typeof error.data?.ticket === 'string') {
          navigate(paths.bind({ meetingId, redirect, ticket: error.data.ticket }), { replace: true });
          return;
        }
        setPhase(stopOf(error));
      }
    };
    const tick = async () => {
      if (generation.current !== mine) return;
      if (Date.now() >= expiresAt) {
        setPhase({ name: 'expired' });
        return;
      }
      try {
        const state = await pollWechatQrcode({ loginId, secret });
        if (generation.current !== mine) return;
        if (state.status === 'scanned' || state.status === 'needs_bind') {
          await redeem();
          return;
        }
      } catch (error) {
        if (generation.current !== mine) return;
        const stop = stopOf(error);
        // A dropped poll (network) is retried on the next tick; the server's answers stop.
        if (stop.name === 'expired' || stop.name === 'invalid') {
          setPhase(stop);
          return;
        }
      }
      timer = setTimeout(() => void tick(), wechatQrPollIntervalMs);
    };
    timer = setTimeout(() => void tick(), wechatQrPollIntervalMs);
    return () => clearTimeout(timer);
  }, [phase, finish, navigate, meetingId, redirect]);

  const isStopped = phase.name === 'expired' || phase.name === 'invalid' || phase.name === 'unavailable';
  const stopKey =
    phase.name === 'unavailable'
      ? (stopMessages[phase.code as keyof typeof stopMessages] ?? stopMessages.failed)
      : phase.name === 'expired' || phase.name === 'invalid'
        ? stopMessages[phase.name]
        : null;

  return (
    <section aria-labelledby="wechat-qr-title" className="flex flex-col items-center text-center">
      <h2 id="wechat-qr-title" className="text-[16px] font-semibold text-slate-900">
        {t('qr.title')}
      </h2>
      <p className="mt-1 text-[13px] text-slate-500">{t('qr.hint')}</p>
      <div
        className="relative mt-4 size-[216px] overflow-hidden rounded-card ring-1 ring-slate-200"
        aria-busy={phase.name === 'loading' || phase.name === 'signing'}
        data-qr-phase={phase.name}
      >
        {phase.name === 'loading' ? <Skeleton className="size-full" /> : null}
        {phase.name === 'pending' ? (
          <QrCode value={phase.url} label={t('qr.label')} className="size-full" />
        ) : null}
        {phase.name === 'signing' ? (
          <div className="flex size-full flex-col items-center justify-center gap-2 bg-white text-slate-700">
            <ScanLine aria-hidden="true" className="size-8 text-primary" />
            <p className="px-4 text-[14px]" role="status">
              {t('qr.signing')}
            </p>
          </div>
        ) : null}
        {isStopped && stopKey ? (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white/95 px-4"
          >
            <p className="text-[14px] font-medium text-slate-800">{t(stopKey)}</p>
            <Button variant="secondary" size="sm" onClick={start}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('qr.refresh')}
            </Button>
          </div>
        ) : null}
      </div>
      <p className="mt-3 text-[12px] text-slate-400">{t('qr.privacy')}</p>
    </section>
  );
}
