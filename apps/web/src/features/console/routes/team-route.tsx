import { type MeetingRoleName, meetingRoleNames, type TeamMember } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Clock, Trash2, UserPlus, Users } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog, ModalDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { changeMember, inviteMember, removeMember, teamKey, teamQueryOptions } from '../api/team.ts';
import {
  AddressFields,
  type AddressValue,
  addressBody,
  emptyAddress,
} from '../components/address-fields.tsx';
import { consoleErrorMessage } from '../components/console-errors.ts';

/**
 * `#/console/meetings/:meetingId/team` (DESIGN §7, §6): the meeting's grants — role, reception
 * sub-role, phone or e-mail, whether an account holds it — with invite (phone with area code or
 * e-mail), change of role and removal (confirmed). Refusals show by code: team.last_owner,
 * no_permission, phone.invalid, email.invalid.
 */
function TeamRoute() {
  const { t } = useTranslation('console');
  const { meetingId = '' } = useParams();
  const query = useQuery(teamQueryOptions(meetingId));
  const [isInviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | undefined>();
  const queryClient = useQueryClient();
  const { me, meeting } = useConsole();
  // Only owners (and administrators) grant or change owners, the server's rule: others are not offered it.
  const offeredRoles =
    me.is_admin === 1 || meeting?.roles.includes('owner')
      ? meetingRoleNames
      : meetingRoleNames.filter((role) => role !== 'owner');

  const change = useMutation({
    mutationFn: (input: { member: TeamMember; role: MeetingRoleName; receptionRole?: '1' | '2' }) =>
      changeMember(meetingId, input.member._id.$id, {
        role: input.role,
        ...(input.role === 'reception' ? { reception_role: input.receptionRole ?? '1' } : {}),
      }),
    onSuccess: () => {
      showToast(t('team.changed'));
      void queryClient.invalidateQueries({ queryKey: teamKey(meetingId) });
    },
    onError: (error) => showToast(consoleErrorMessage(error, t)),
  });
  const remove = useMutation({
    mutationFn: (member: TeamMember) => removeMember(meetingId, member._id.$id),
    onSuccess: () => {
      setRemoving(undefined);
      showToast(t('team.removed'));
      void queryClient.invalidateQueries({ queryKey: teamKey(meetingId) });
    },
    onError: (error) => {
      setRemoving(undefined);
      showToast(consoleErrorMessage(error, t));
    },
  });

  const columns = useMemo<DataColumn<TeamMember>[]>(
    () => [
      {
        id: 'address',
        header: t('team.address'),
        cell: (member) => (
          <span dir="ltr" className="font-medium text-slate-900">
            {member.phone ?? member.email}
          </span>
        ),
      },
      {
        id: 'role',
        header: t('team.role'),
        cell: (member) => (
          <RoleSelect
            member={member}
            roles={offeredRoles}
            isBusy={change.isPending}
            onChange={(role, receptionRole) =>
              change.mutate({ member, role, ...(receptionRole ? { receptionRole } : {}) })
            }
          />
        ),
      },
      {
        id: 'account',
        header: t('team.account'),
        cell: (member) =>
          member.user ? (
            <span className="inline-flex items-center gap-1.5 text-emerald-700">
              <CircleCheck aria-hidden="true" className="size-4" />
              {member.user.username || t('team.hasAccount')}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1.5 text-slate-500">
              <Clock aria-hidden="true" className="size-4" />
              {t('team.invited')}
            </span>
          ),
      },
      {
        id: 'actions',
        header: t('team.actions'),
        className: 'text-end',
        cell: (member) => (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 hover:bg-red-50"
            onClick={() => setRemoving(member)}
            aria-label={t('team.removeOf', { address: member.phone ?? member.email ?? '' })}
            data-testid="console-team-remove"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('team.remove')}
          </Button>
        ),
      },
    ],
    [t, offeredRoles, change],
  );

  return (
    <ConsolePage
      title={t('team.title')}
      description={t('team.description')}
      testId="console-team"
      actions={
        <Button size="sm" onClick={() => setInviting(true)} data-testid="console-team-invite">
          <UserPlus aria-hidden="true" className="size-4" />
          {t('team.invite')}
        </Button>
      }
    >
      <Card className="overflow-hidden">
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState icon={<Users aria-hidden="true" className="size-7" />} title={t('team.empty')} />
        ) : (
          <DataTable
            columns={columns}
            rows={query.data}
            rowKey={(member) => member._id.$id}
            caption={t('team.title')}
            testId="console-team-table"
          />
        )}
      </Card>
      {isInviting ? (
        <InviteDialog meetingId={meetingId} roles={offeredRoles} onClose={() => setInviting(false)} />
      ) : null}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={t('team.removeTitle')}
        body={t('team.removeBody', {
          address: removing?.phone ?? removing?.email ?? '',
          role: removing ? t(`roles.${removing.role}`) : '',
        })}
        confirmLabel={t('team.remove')}
        cancelLabel={t('actions.cancel')}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(undefined)}
        isBusy={remove.isPending}
      />
    </ConsolePage>
  );
}

/** A grant's role, changed in place (a reception grant also picks its sub-role). */
function RoleSelect({
  member,
  roles,
  isBusy,
  onChange,
}: {
  member: TeamMember;
  roles: readonly MeetingRoleName[];
  isBusy: boolean;
  onChange: (role: MeetingRoleName, receptionRole?: '1' | '2') => void;
}) {
  const { t } = useTranslation('console');
  const shown = roles.includes(member.role) ? roles : [member.role, ...roles];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <select
        value={member.role}
        disabled={isBusy}
        onChange={(event) => onChange(event.target.value as MeetingRoleName)}
        aria-label={t('team.roleOf', { address: member.phone ?? member.email ?? '' })}
        className="h-9 rounded-lg bg-white ps-2 pe-7 text-[14px] ring-1 ring-slate-200"
        data-testid="console-team-role"
      >
        {shown.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
      {member.role === 'reception' ? (
        <select
          value={member.reception_role ?? '1'}
          disabled={isBusy}
          onChange={(event) => onChange('reception', event.target.value as '1' | '2')}
          aria-label={t('team.receptionRole')}
          className="h-9 rounded-lg bg-white ps-2 pe-7 text-[14px] ring-1 ring-slate-200"
        >
          <option value="1">{t('team.receptionRoleN', { n: 1 })}</option>
          <option value="2">{t('team.receptionRoleN', { n: 2 })}</option>
        </select>
      ) : null}
    </span>
  );
}

function InviteDialog({
  meetingId,
  roles,
  onClose,
}: {
  meetingId: string;
  roles: readonly MeetingRoleName[];
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const roleId = useId();
  const [role, setRole] = useState<MeetingRoleName>('editor');
  const [receptionRole, setReceptionRole] = useState<'1' | '2'>('1');
  const [address, setAddress] = useState<AddressValue>(emptyAddress);
  const invite = useMutation({
    mutationFn: () =>
      inviteMember(meetingId, {
        role,
        ...(role === 'reception' ? { reception_role: receptionRole } : {}),
        ...addressBody(address),
        lang: language,
      }),
    onSuccess: () => {
      showToast(t('team.invitedToast'));
      void queryClient.invalidateQueries({ queryKey: teamKey(meetingId) });
      onClose();
    },
  });
  const error = invite.isError ? consoleErrorMessage(invite.error, t) : undefined;
  const isEmpty = address.kind === 'phone' ? address.phone.trim() === '' : address.email.trim() === '';

  return (
    <ModalDialog
      isOpen
      onDismiss={onClose}
      title={t('team.inviteTitle')}
      testId="console-invite-dialog"
      body={
        <form
          id="console-invite-form"
          className="space-y-4 pt-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isEmpty) invite.mutate();
          }}
        >
          <p className="text-[14px] text-slate-500">{t('team.inviteBody')}</p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={roleId} className="text-sm font-medium text-slate-700">
              {t('team.role')}
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(event) => setRole(event.target.value as MeetingRoleName)}
              className="h-11 rounded-card bg-white px-3 text-[15px] ring-1 ring-slate-200"
              data-testid="console-invite-role"
            >
              {roles.map((item) => (
                <option key={item} value={item}>
                  {t(`roles.${item}`)}
                </option>
              ))}
            </select>
            <p className="text-[13px] text-slate-500">{t(`roleHints.${role}`)}</p>
          </div>
          {role === 'reception' ? (
            <select
              value={receptionRole}
              onChange={(event) => setReceptionRole(event.target.value as '1' | '2')}
              aria-label={t('team.receptionRole')}
              className="h-11 w-full rounded-card bg-white px-3 text-[15px] ring-1 ring-slate-200"
            >
              <option value="1">{t('team.receptionRoleN', { n: 1 })}</option>
              <option value="2">{t('team.receptionRoleN', { n: 2 })}</option>
            </select>
          ) : null}
          <AddressFields value={address} onChange={setAddress} error={error} />
        </form>
      }
    >
      <Button variant="secondary" className="flex-1" onClick={onClose}>
        {t('actions.cancel')}
      </Button>
      <Button
        type="submit"
        form="console-invite-form"
        className="flex-1"
        disabled={invite.isPending || isEmpty}
        data-testid="console-invite-submit"
      >
        {t('team.send')}
      </Button>
    </ModalDialog>
  );
}

export { TeamRoute as Component };
