import type { ConsoleLiveUser, LiveAccess } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus, UsersRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { consoleLiveKeys, grantUser, liveUsersQueryOptions, moderateUser } from '../api/console-lives-api.ts';

type Change = { user: ConsoleLiveUser; change: { muted?: 0 | 1; banned?: 0 | 1; allowed?: 0 | 1 } };

/**
 * The users tab (§6 private lives; §7 PUT /lives/{id}/users/{user_id}): who is muted, banned or allowed
 * in this live, each with unmute / unban / remove access (confirmed); and, for a private live, letting
 * a user in by the phone or e-mail of their account (404: no such account).
 */
export function UsersTab({
  meetingId,
  liveId,
  access,
}: {
  meetingId: string;
  liveId: string;
  access: LiveAccess;
}) {
  const { t } = useTranslation('console-lives');
  const { t: tc } = useTranslation('common');
  const queryClient = useQueryClient();
  const users = useQuery(liveUsersQueryOptions(meetingId, liveId));
  const [account, setAccount] = useState('');
  const [accountError, setAccountError] = useState<string | undefined>();
  const [pending, setPending] = useState<Change | null>(null);
  const [isBusy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleLiveKeys.users(meetingId, liveId) });

  const grant = async (event: FormEvent) => {
    event.preventDefault();
    const value = account.trim();
    if (value.length < 3) {
      setAccountError(t('users.accountInvalid'));
      return;
    }
    setBusy(true);
    try {
      await grantUser(meetingId, liveId, value);
      setAccount('');
      setAccountError(undefined);
      showToast(t('users.granted'));
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setAccountError(t('users.noAccount'));
      else if (error instanceof ApiError && error.status === 400) setAccountError(t('users.accountInvalid'));
      else showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await moderateUser(liveId, pending.user.user._id.$id, pending.change);
      showToast(t('users.updated'));
      await refresh();
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const confirmTitle = (change: Change) => {
    const name = change.user.user.username || change.user.user.phone || change.user.user.email || '';
    if (change.change.muted === 0) return t('users.unmuteConfirm', { name });
    if (change.change.banned === 0) return t('users.unbanConfirm', { name });
    return t('users.disallowConfirm', { name });
  };

  return (
    <div className="flex flex-col gap-4" data-testid="console-live-users">
      {access === 'private' ? (
        <Card className="p-4 desk:p-5">
          <form className="flex flex-col gap-3" onSubmit={(event) => void grant(event)} noValidate>
            <div>
              <h2 className="text-[16px] font-semibold text-slate-900">{t('users.grantTitle')}</h2>
              <p className="mt-0.5 text-[13px] text-slate-500">{t('users.grantHint')}</p>
            </div>
            <div className="flex flex-col gap-2 desk:flex-row desk:items-start">
              <Field
                label={t('users.account')}
                isLabelHidden
                className="flex-1"
                name="account"
                dir="ltr"
                autoComplete="off"
                placeholder={t('users.accountPlaceholder')}
                value={account}
                error={accountError}
                onChange={(event) => setAccount(event.target.value)}
              />
              <Button type="submit" disabled={isBusy} className="desk:h-12" data-testid="console-live-grant">
                <UserPlus aria-hidden="true" className="size-4" />
                {t('users.grant')}
              </Button>
            </div>
          </form>
        </Card>
      ) : (
        <p className="text-[13px] text-slate-500">{t('users.notPrivate')}</p>
      )}
      <Card className="overflow-hidden">
        {users.isPending ? (
          <TableSkeleton />
        ) : users.isError ? (
          <ConsoleErrorState error={users.error} onRetry={() => void users.refetch()} />
        ) : users.data.items.length === 0 ? (
          <EmptyState
            icon={<UsersRound aria-hidden="true" className="size-7" />}
            title={t('users.empty')}
            description={t('users.emptyHint')}
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {users.data.items.map((row) => (
              <li
                key={row.user._id.$id}
                className="flex flex-wrap items-center gap-3 px-4 py-3"
                data-testid="console-live-user"
              >
                <Avatar name={row.user.username} photo={row.user.avatar} className="size-9" />
                <div className="min-w-0 flex-1">
                  <bdi className="block truncate text-sm font-medium text-slate-900">
                    {row.user.username || t('users.noName')}
                  </bdi>
                  <span className="block truncate text-xs text-slate-500" dir="ltr">
                    {[row.user.phone, row.user.email].filter(Boolean).join(' · ')}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-1.5 text-xs">
                  {row.allowed ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-800">
                      {t('users.allowed')}
                    </span>
                  ) : null}
                  {row.muted ? (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
                      {t('users.muted')}
                    </span>
                  ) : null}
                  {row.banned ? (
                    <span className="rounded-full bg-red-50 px-2 py-0.5 text-red-700">
                      {t('users.banned')}
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-1">
                  {row.muted ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setPending({ user: row, change: { muted: 0 } })}
                    >
                      {t('users.unmute')}
                    </Button>
                  ) : null}
                  {row.banned ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setPending({ user: row, change: { banned: 0 } })}
                    >
                      {t('users.unban')}
                    </Button>
                  ) : null}
                  {row.allowed ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setPending({ user: row, change: { allowed: 0 } })}
                    >
                      {t('users.disallow')}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending ? confirmTitle(pending) : ''}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        isBusy={isBusy}
        onCancel={() => setPending(null)}
        onConfirm={() => void apply()}
      />
    </div>
  );
}
