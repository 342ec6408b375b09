import type { PlatformAdmin } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, ShieldCheck, Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog, ModalDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import { addAdmin, adminsKey, adminsQueryOptions, removeAdmin } from '../api/admins.ts';
import {
  AddressFields,
  type AddressValue,
  addressBody,
  emptyAddress,
} from '../components/address-fields.tsx';
import { consoleErrorMessage } from '../components/console-errors.ts';

/**
 * `#/console/admins` (DESIGN §7): platform administrators — add by phone or e-mail, remove with
 * confirmation; those listed in ADMIN_PHONES / ADMIN_EMAILS are read-only here.
 */
function AdminsRoute() {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = useQuery(adminsQueryOptions());
  const queryClient = useQueryClient();
  const [isAdding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PlatformAdmin | undefined>();
  const remove = useMutation({
    mutationFn: (admin: PlatformAdmin) => removeAdmin(admin._id.$id),
    onSuccess: () => {
      setRemoving(undefined);
      showToast(t('admins.removed'));
      void queryClient.invalidateQueries({ queryKey: adminsKey });
    },
    onError: (error) => {
      setRemoving(undefined);
      showToast(consoleErrorMessage(error, t));
    },
  });

  const columns = useMemo<DataColumn<PlatformAdmin>[]>(
    () => [
      {
        id: 'address',
        header: t('admins.address'),
        cell: (admin) => (
          <span dir="ltr" className="font-medium text-slate-900">
            {admin.phone ?? admin.email}
          </span>
        ),
      },
      {
        id: 'origin',
        header: t('admins.origin'),
        cell: (admin) =>
          admin.from_environment === 1 ? (
            <span className="inline-flex items-center gap-1.5 text-slate-500">
              <Lock aria-hidden="true" className="size-4" />
              {t('admins.fromEnvironment')}
            </span>
          ) : (
            <span className="text-slate-700">
              {t('admins.added', { date: formatDate(admin.created * 1000, zone, language) })}
            </span>
          ),
      },
      {
        id: 'actions',
        header: t('team.actions'),
        className: 'text-end',
        cell: (admin) =>
          admin.from_environment === 1 ? (
            <span className="text-[13px] text-slate-400">{t('admins.readOnly')}</span>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-600 hover:bg-red-50"
              onClick={() => setRemoving(admin)}
              data-testid="console-admin-remove"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('team.remove')}
            </Button>
          ),
      },
    ],
    [t, language, zone],
  );

  return (
    <ConsolePage
      title={t('admins.title')}
      description={t('admins.description')}
      testId="console-admins"
      actions={
        <Button size="sm" onClick={() => setAdding(true)} data-testid="console-admin-add">
          <UserPlus aria-hidden="true" className="size-4" />
          {t('admins.add')}
        </Button>
      }
    >
      <Card className="overflow-hidden">
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState
            icon={<ShieldCheck aria-hidden="true" className="size-7" />}
            title={t('admins.empty')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={query.data}
            rowKey={(admin) => admin._id.$id}
            caption={t('admins.title')}
            testId="console-admins-table"
          />
        )}
      </Card>
      {isAdding ? <AddAdminDialog onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={t('admins.removeTitle')}
        body={t('admins.removeBody', { address: removing?.phone ?? removing?.email ?? '' })}
        confirmLabel={t('team.remove')}
        cancelLabel={t('actions.cancel')}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(undefined)}
        isBusy={remove.isPending}
      />
    </ConsolePage>
  );
}

function AddAdminDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('console');
  const queryClient = useQueryClient();
  const [address, setAddress] = useState<AddressValue>(emptyAddress);
  const add = useMutation({
    mutationFn: () => addAdmin(addressBody(address)),
    onSuccess: () => {
      showToast(t('admins.addedToast'));
      void queryClient.invalidateQueries({ queryKey: adminsKey });
      onClose();
    },
  });
  const isEmpty = address.kind === 'phone' ? address.phone.trim() === '' : address.email.trim() === '';
  return (
    <ModalDialog
      isOpen
      onDismiss={onClose}
      title={t('admins.addTitle')}
      testId="console-admin-dialog"
      body={
        <form
          id="console-admin-form"
          className="space-y-4 pt-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isEmpty) add.mutate();
          }}
        >
          <p className="text-[14px] text-slate-500">{t('admins.addBody')}</p>
          <AddressFields
            value={address}
            onChange={setAddress}
            error={add.isError ? consoleErrorMessage(add.error, t) : undefined}
          />
        </form>
      }
    >
      <Button variant="secondary" className="flex-1" onClick={onClose}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" form="console-admin-form" className="flex-1" disabled={add.isPending || isEmpty}>
        {t('admins.add')}
      </Button>
    </ModalDialog>
  );
}

export { AdminsRoute as Component };
