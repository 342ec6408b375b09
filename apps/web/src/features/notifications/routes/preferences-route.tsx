import type { NotificationKind, NotificationPreference } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { usePreferences, useSavePreference } from '../api/notifications.ts';
import { kindLabelKeys } from '../components/notification-text.ts';

/** One on/off switch (a checkbox styled as a switch, keyboard and screen-reader friendly). */
function Switch({
  checked,
  label,
  onChange,
  testId,
}: {
  checked: boolean;
  label: string;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-[14px] text-slate-700">
      <input
        type="checkbox"
        className="peer sr-only"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-10 rounded-full bg-slate-300 transition-colors after:absolute after:start-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:transition-all peer-checked:bg-primary peer-checked:after:translate-x-4 rtl:peer-checked:after:-translate-x-4 peer-focus-visible:ring-2 peer-focus-visible:ring-primary"
      />
      {label}
    </label>
  );
}

/**
 * /my/notifications/preferences (beyond the spec): per kind of notice, whether it may also come by
 * e-mail and by SMS; the in-app notice is always kept. Each switch saves at once.
 */
function PreferencesRoute() {
  const { t } = useTranslation('notifications');
  const preferences = usePreferences();
  const save = useSavePreference();
  const change = (kind: NotificationKind, patch: Partial<Pick<NotificationPreference, 'mail' | 'sms'>>) =>
    save.mutate(
      { kind, ...patch },
      { onSuccess: () => showToast(t('saved')), onError: () => showToast(t('saveFailed')) },
    );

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader title={t('preferences')} subtitle={t('preferencesHint')} />
      {preferences.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {placeholderKeys(6).map((key) => (
            <Skeleton key={key} className="h-14 w-full rounded-2xl" />
          ))}
        </div>
      ) : preferences.isError ? (
        <ErrorState onRetry={() => void preferences.refetch()} />
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          data-testid="notification-preferences"
        >
          {(preferences.data ?? []).map((pref) => (
            <li key={pref.kind} className="flex flex-col gap-2 px-4 py-3 desk:flex-row desk:items-center">
              <span className="flex-1 text-[15px] text-slate-900">{t(kindLabelKeys[pref.kind])}</span>
              <div className="flex gap-6">
                <Switch
                  checked={pref.mail === 1}
                  label={t('mail')}
                  onChange={(on) => change(pref.kind, { mail: on ? 1 : 0 })}
                  testId={`pref-mail-${pref.kind}`}
                />
                <Switch
                  checked={pref.sms === 1}
                  label={t('sms')}
                  onChange={(on) => change(pref.kind, { sms: on ? 1 : 0 })}
                  testId={`pref-sms-${pref.kind}`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { PreferencesRoute as Component };
