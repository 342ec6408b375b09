import type { LivePermission } from '@app/contracts';
import { formatMoney } from '@app/domain/money';
import { Bell, BellRing, Lock, PauseCircle, RotateCw, TvMinimal, VideoOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/**
 * A notice over the room's picture area: the live's cover, blurred and dimmed, behind an icon, a
 * title, an optional line and action (coming soon, paused, ended, no permission, no source).
 */
export function StageNotice({
  cover,
  icon,
  title,
  description,
  children,
  testId,
}: {
  cover: string;
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="relative flex size-full items-center justify-center overflow-hidden bg-slate-900"
      data-testid={testId}
    >
      {cover ? (
        <img
          src={cover}
          alt=""
          className="absolute inset-0 size-full scale-110 object-cover opacity-45 blur-sm"
        />
      ) : (
        <div className="absolute inset-0 bg-gradient-to-br from-primary/60 via-primary/30 to-slate-900" />
      )}
      <div className="absolute inset-0 bg-slate-900/35" />
      <div className="relative flex max-w-md flex-col items-center gap-2 px-6 text-center text-white">
        {icon ? <span className="text-white/85">{icon}</span> : null}
        <p className="font-semibold text-[16px] leading-snug desk:text-[19px]">{title}</p>
        {description ? <p className="text-[13px] text-white/80 desk:text-[14px]">{description}</p> : null}
        {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
      </div>
    </div>
  );
}

/** The §8 'Failed to obtain live source' notice with a retry (re-reads the permission and play address). */
export function SourceFailed({ cover, onRetry }: { cover: string; onRetry: () => void }) {
  const { t } = useTranslation('lives');
  return (
    <StageNotice
      cover={cover}
      icon={<VideoOff aria-hidden="true" className="size-8" />}
      title={t('player.sourceFailed')}
      description={t('player.sourceFailedHint')}
      testId="live-source-failed"
    >
      <Button size="sm" variant="secondary" onClick={onRetry} data-testid="live-retry">
        <RotateCw aria-hidden="true" className="size-4" />
        {t('player.retry')}
      </Button>
    </StageNotice>
  );
}

/** Paused (the organiser's pause) and ended without a replay (§4). */
export function StateNotice({ cover, state }: { cover: string; state: 'paused' | 'ended' }) {
  const { t } = useTranslation('lives');
  return state === 'paused' ? (
    <StageNotice
      cover={cover}
      icon={<PauseCircle aria-hidden="true" className="size-8" />}
      title={t('room.paused')}
      description={t('room.pausedHint')}
      testId="live-paused"
    />
  ) : (
    <StageNotice
      cover={cover}
      icon={<TvMinimal aria-hidden="true" className="size-8" />}
      title={t('room.ended')}
      description={t('room.endedHint')}
      testId="live-ended"
    />
  );
}

/** Why the caller may not watch (§6), in words. */
export function accessText(
  permission: LivePermission,
  t: ReturnType<typeof useTranslation<'lives'>>['t'],
  language: string,
): string {
  switch (permission.reason) {
    case 'login_required':
      return t('access.login_required');
    case 'registration_required':
      return t('access.registration_required');
    case 'payment_required':
      return permission.price !== null && permission.currency
        ? t('access.payment_required', {
            price: formatMoney(permission.price, permission.currency, language),
          })
        : t('access.payment_required_plain');
    case 'banned':
      return t('access.banned');
    default:
      return t('access.private');
  }
}

/**
 * The way forward for a viewer without permission (§6): log in; register (the linked activity's
 * page); buy the pass (POST /lives/{id}/checkouts, then the order's pay page, `onBuy`); a private
 * live or a ban has none — the message alone.
 */
export function AccessAction({
  permission,
  meetingId,
  loginTo,
  onBuy,
  isBuying,
  size = 'sm',
}: {
  permission: LivePermission;
  meetingId: string;
  loginTo: string;
  onBuy: () => void;
  isBuying: boolean;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('lives');
  if (permission.reason === 'login_required') {
    return (
      <ButtonLink to={loginTo} size={size}>
        {t('access.login')}
      </ButtonLink>
    );
  }
  if (permission.reason === 'registration_required' && permission.activity_id) {
    return (
      <ButtonLink
        to={activityPaths.activity.detail({ meetingId, activityId: permission.activity_id.$id })}
        size={size}
      >
        {t('access.register')}
      </ButtonLink>
    );
  }
  if (permission.reason === 'payment_required') {
    return (
      <Button size={size} onClick={onBuy} disabled={isBuying} data-testid="live-access-buy">
        {t('access.buy')}
      </Button>
    );
  }
  return null;
}

/** The stage for a viewer without permission while there is something to watch. */
export function AccessNotice({
  cover,
  permission,
  children,
}: {
  cover: string;
  permission: LivePermission;
  children?: ReactNode;
}) {
  const { t } = useTranslation('lives');
  const language = useLanguage();
  return (
    <StageNotice
      cover={cover}
      icon={<Lock aria-hidden="true" className="size-8" />}
      title={accessText(permission, t, language)}
      testId="live-no-permission"
    >
      {children}
    </StageNotice>
  );
}

/** "Remind me" (§9: SMS and mail 10 minutes before the start) and its on state. */
export function ReminderButton({
  isSubscribed,
  isBusy,
  onToggle,
  loginTo,
  isLoggedIn,
  className,
}: {
  isSubscribed: boolean;
  isBusy: boolean;
  onToggle: () => void;
  loginTo: string;
  isLoggedIn: boolean;
  className?: string;
}) {
  const { t } = useTranslation('lives');
  if (!isLoggedIn) {
    return (
      <ButtonLink to={loginTo} size="sm" className={className}>
        <Bell aria-hidden="true" className="size-4" />
        {t('reminder.set')}
      </ButtonLink>
    );
  }
  return (
    <Button
      size="sm"
      variant={isSubscribed ? 'secondary' : 'primary'}
      className={cx(className)}
      onClick={onToggle}
      disabled={isBusy}
      aria-pressed={isSubscribed}
      data-testid="live-reminder"
    >
      {isSubscribed ? (
        <BellRing aria-hidden="true" className="size-4 text-primary" />
      ) : (
        <Bell aria-hidden="true" className="size-4" />
      )}
      {isSubscribed ? t('reminder.on') : t('reminder.set')}
    </Button>
  );
}
