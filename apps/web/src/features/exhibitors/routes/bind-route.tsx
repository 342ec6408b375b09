import type { ExhibitorBinding } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import {
  bindExhibitorAccount,
  bindingQueryOptions,
  unbindExhibitorAccount,
  useExhibitorBinding,
} from '../api/bindings.ts';
import { useExhibitWords } from '../components/titles.ts';

/**
 * /meeting/exhibitor/bind (§2 exhibitor area, §6): bind an exhibitor account with its account and
 * password; with a binding, show it with 'manage', 'switch account' (binding another replaces it)
 * and 'unbind' (after confirmation).
 */
function BindRoute() {
  const { ready } = useTranslation(['exhibitors', 'common']);
  const meetingId = useMeeting()._id.$id;
  const binding = useExhibitorBinding(meetingId);
  const [isSwitching, setSwitching] = useState(false);
  if (!ready || binding.isPending) {
    return (
      <div className="mx-auto max-w-lg space-y-4 p-4 desk:py-8" aria-busy="true">
        <Skeleton className="h-24 w-full rounded-card" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (binding.isError) return <ErrorState onRetry={() => void binding.refetch()} />;
  const current = binding.data.binding;
  return (
    <div className="mx-auto max-w-lg space-y-6 p-4 desk:py-8">
      {current ? (
        <BoundCard binding={current} meetingId={meetingId} onSwitch={() => setSwitching(true)} />
      ) : null}
      {!current || isSwitching ? <BindForm meetingId={meetingId} onDone={() => setSwitching(false)} /> : null}
    </div>
  );
}

function BoundCard({
  binding,
  meetingId,
  onSwitch,
}: {
  binding: ExhibitorBinding;
  meetingId: string;
  onSwitch: () => void;
}) {
  const { t } = useTranslation('exhibitors');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const name = binding.enterprise ? localize(binding.enterprise.title, language) : binding.account;
  const unbind = async () => {
    setBusy(true);
    try {
      const answer = await unbindExhibitorAccount(meetingId);
      queryClient.setQueryData(bindingQueryOptions(meetingId).queryKey, answer);
      showToast(t('bind.unbound'));
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Card className="p-4" data-testid="exhibitor-binding">
      <p className="flex items-center gap-1.5 text-[13px] font-medium text-emerald-600">
        <BadgeCheck aria-hidden="true" className="size-4" />
        {t('bind.bound')}
      </p>
      <div className="mt-3 flex items-center gap-3">
        <Thumb src={binding.enterprise?.logo} name={name} size={56} className="size-14" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">
            <bdi>{name}</bdi>
          </p>
          <p className="truncate text-sm text-slate-500" dir="ltr">
            {binding.account}
          </p>
        </div>
      </div>
      {binding.enterprise ? null : <p className="mt-3 text-sm text-slate-500">{t('bind.noEnterprise')}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        {binding.enterprise ? (
          <Link to={paths.exhibitor.manage({ meetingId })} className={buttonClass('primary', 'sm')}>
            {t('bind.manage')}
          </Link>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onSwitch}>
          {t('bind.switch')}
        </Button>
        <Button variant="ghost" size="sm" className="text-red-600" onClick={() => setConfirming(true)}>
          {t('bind.unbind')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('bind.unbindTitle')}
        body={t('bind.unbindBody', { name })}
        confirmLabel={t('bind.unbind')}
        cancelLabel={tc('actions.cancel')}
        onConfirm={() => void unbind()}
        onCancel={() => setConfirming(false)}
        isBusy={isBusy}
      />
    </Card>
  );
}

function BindForm({ meetingId, onDone }: { meetingId: string; onDone: () => void }) {
  const { t } = useTranslation('exhibitors');
  const { t: tc } = useTranslation('common');
  const words = useExhibitWords();
  const queryClient = useQueryClient();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const [isBusy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      account: account.trim() ? undefined : t('form.required'),
      password: password ? undefined : t('form.required'),
    };
    setErrors(next);
    if (next.account || next.password) return;
    setBusy(true);
    try {
      const answer = await bindExhibitorAccount({ meeting_id: meetingId, account: account.trim(), password });
      queryClient.setQueryData(bindingQueryOptions(meetingId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['enterprises'] });
      setPassword('');
      showToast(t('bind.done'));
      onDone();
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4" data-testid="bind-form">
      <p className="text-[15px] text-slate-600">{t('bind.intro', { exhibitor: words.exhibitor })}</p>
      <Field
        label={t('bind.account')}
        name="account"
        autoComplete="username"
        autoCapitalize="none"
        maxLength={textLimits.account}
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={errors.account}
      />
      <Field
        label={t('bind.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={textLimits.password}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <Button type="submit" className="h-12 w-full text-[16px]" disabled={isBusy}>
        {isBusy ? tc('states.loading') : t('bind.submit')}
      </Button>
    </form>
  );
}

export { BindRoute as Component };
