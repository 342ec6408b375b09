import { type ConsoleCredential, type CredentialKind, credentialKinds } from '@app/contracts';
import { Eye, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useConsole } from '../../../lib/console-context.ts';
import {
  revealCredential,
  useCredentialCounts,
  useCredentialList,
  useCredentialSettings,
  useDeleteCredential,
  useSaveCredentialSettings,
} from '../api/console-credentials-api.ts';

/**
 * Console → Real-name (§3 Registrant ID number; §5; DESIGN §7): the meeting's rule (real-name
 * required, accepted documents, days kept after the meeting), counts by kind, and the masked list;
 * owners (credentials.reveal) may reveal one number — each reveal is written to the audit log —
 * and rule editors (credentials.settings) may delete one.
 */
function CredentialsRoute() {
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const { t } = useTranslation('console-credentials');
  const actions = meeting?.actions ?? [];
  return (
    <ConsolePage title={t('title')} description={t('description')} testId="console-credentials">
      <div className="space-y-5">
        <SettingsCard meetingId={meetingId} canEdit={actions.includes('credentials.settings')} />
        <CountsCard meetingId={meetingId} />
        <ListCard
          meetingId={meetingId}
          canReveal={actions.includes('credentials.reveal')}
          canDelete={actions.includes('credentials.settings')}
        />
      </div>
    </ConsolePage>
  );
}

function SettingsCard({ meetingId, canEdit }: { meetingId: string; canEdit: boolean }) {
  const { t } = useTranslation('console-credentials');
  const { t: tc } = useTranslation('common');
  const settings = useCredentialSettings(meetingId);
  const save = useSaveCredentialSettings(meetingId);
  const [required, setRequired] = useState(false);
  const [kinds, setKinds] = useState<CredentialKind[]>([...credentialKinds]);
  const [days, setDays] = useState('30');
  useEffect(() => {
    if (!settings.data) return;
    setRequired(settings.data.required === 1);
    setKinds(settings.data.kinds);
    setDays(String(settings.data.retention_days));
  }, [settings.data]);
  if (settings.isError)
    return <ConsoleErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  if (settings.isPending) return <TableSkeleton rows={3} />;
  const dayCount = Number(days);
  const isDaysValid = Number.isInteger(dayCount) && dayCount >= 0 && dayCount <= 3650;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDaysValid || kinds.length === 0) return;
    save.mutate(
      { required: required ? 1 : 0, kinds, retention_days: dayCount },
      {
        onSuccess: () => showToast(t('settings.saved')),
        onError: (error) => showToast(apiErrorMessage(error, tc)),
      },
    );
  };
  return (
    <Card className="p-4 desk:p-5">
      <form onSubmit={onSubmit} className="space-y-4" data-testid="credentials-settings">
        <h2 className="text-base font-semibold text-slate-900">{t('settings.title')}</h2>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={required}
            disabled={!canEdit}
            onChange={(event) => setRequired(event.target.checked)}
            data-testid="credentials-required"
          />
          {t('settings.required')}
        </label>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('settings.kinds')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {credentialKinds.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={kinds.includes(kind)}
                  disabled={!canEdit}
                  onChange={(event) =>
                    setKinds((current) =>
                      event.target.checked
                        ? credentialKinds.filter((k) => k === kind || current.includes(k))
                        : current.filter((k) => k !== kind),
                    )
                  }
                  data-testid={`credentials-kind-${kind}`}
                />
                {t(`kinds.${kind}`)}
              </label>
            ))}
          </div>
          {kinds.length === 0 ? (
            <p className="mt-1 text-xs text-red-600">{t('settings.kindsRequired')}</p>
          ) : null}
        </fieldset>
        <Field
          label={t('settings.retention')}
          hint={t('settings.retentionHint')}
          type="number"
          min={0}
          max={3650}
          value={days}
          disabled={!canEdit}
          onChange={(event) => setDays(event.target.value)}
          error={isDaysValid ? undefined : t('settings.retentionInvalid')}
          data-testid="credentials-retention"
        />
        {canEdit ? (
          <Button type="submit" disabled={save.isPending} data-testid="credentials-save">
            {t('settings.save')}
          </Button>
        ) : null}
      </form>
    </Card>
  );
}

function CountsCard({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('console-credentials');
  const counts = useCredentialCounts(meetingId);
  if (counts.isError) return <ConsoleErrorState error={counts.error} onRetry={() => void counts.refetch()} />;
  if (counts.isPending) return <TableSkeleton rows={1} />;
  return (
    <div className="grid grid-cols-2 gap-3 desk:grid-cols-6" data-testid="credentials-counts">
      <Card className="p-3">
        <p className="text-xs text-slate-500">{t('counts.total')}</p>
        <p className="text-xl font-semibold text-slate-900 tabular-nums">{counts.data.total}</p>
      </Card>
      {credentialKinds.map((kind) => (
        <Card key={kind} className="p-3">
          <p className="text-xs text-slate-500">{t(`kinds.${kind}`)}</p>
          <p
            className="text-xl font-semibold text-slate-900 tabular-nums"
            data-testid={`credentials-count-${kind}`}
          >
            {counts.data.by_kind[kind] ?? 0}
          </p>
        </Card>
      ))}
    </div>
  );
}

function ListCard({
  meetingId,
  canReveal,
  canDelete,
}: {
  meetingId: string;
  canReveal: boolean;
  canDelete: boolean;
}) {
  const { t, i18n } = useTranslation('console-credentials');
  const { t: tc } = useTranslation('common');
  const [kind, setKind] = useState<CredentialKind | ''>('');
  const [page, setPage] = useState(1);
  const list = useCredentialList(meetingId, kind, page);
  const remove = useDeleteCredential(meetingId);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [doomed, setDoomed] = useState<ConsoleCredential | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const reveal = async (id: string) => {
    try {
      const { number } = await revealCredential(meetingId, id);
      setRevealed((current) => ({ ...current, [id]: number }));
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    }
  };

  return (
    <Card className="p-4 desk:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t('list.title')}</h2>
        <select
          className="min-h-10 rounded-lg bg-white px-3 text-sm ring-1 ring-slate-200"
          value={kind}
          aria-label={t('list.filter')}
          onChange={(event) => {
            setKind(event.target.value as CredentialKind | '');
            setPage(1);
          }}
          data-testid="credentials-filter"
        >
          <option value="">{t('list.allKinds')}</option>
          {credentialKinds.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {list.isError ? (
        <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <TableSkeleton />
      ) : list.data.results.length === 0 ? (
        <EmptyState title={t('list.empty')} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100" data-testid="credentials-list">
            {list.data.results.map((row) => {
              const id = row._id.$id;
              return (
                <li key={id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
                  <span className="min-w-24 font-medium text-slate-900">
                    <bdi>{row.name}</bdi>
                  </span>
                  <span className="text-slate-500">
                    {t(`kinds.${row.kind}`)}
                    {row.country ? ` · ${row.country}` : ''}
                  </span>
                  <span
                    className="font-mono tabular-nums text-slate-900"
                    dir="ltr"
                    data-testid="credentials-number"
                  >
                    {revealed[id] ?? row.number_mask}
                  </span>
                  <span className="text-xs text-slate-500">
                    {t('list.deletedOn', { date: date.format(new Date(row.purge_after * 1000)) })}
                  </span>
                  <span className="ms-auto flex gap-2">
                    {canReveal && !revealed[id] ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => void reveal(id)}
                        data-testid="credentials-reveal"
                      >
                        <Eye aria-hidden="true" className="size-4" />
                        {t('list.reveal')}
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setDoomed(row)}
                        aria-label={t('list.delete')}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="mt-3 flex items-center justify-between text-sm text-slate-500">
            <span>{t('list.total', { count: list.data.total })}</span>
            <span className="flex gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('list.previous')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page * 50 >= list.data.total}
                onClick={() => setPage(page + 1)}
              >
                {t('list.next')}
              </Button>
            </span>
          </div>
        </>
      )}
      {canReveal ? <p className="mt-3 text-xs text-slate-500">{t('list.revealAudited')}</p> : null}
      <ConfirmDialog
        isOpen={doomed !== null}
        title={t('list.deleteTitle')}
        body={t('list.deleteBody', { name: doomed?.name ?? '' })}
        confirmLabel={t('list.delete')}
        cancelLabel={tc('actions.cancel')}
        isBusy={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(doomed._id.$id, {
            onSuccess: () => {
              setDoomed(null);
              showToast(t('list.deleted'));
            },
            onError: (error) => showToast(apiErrorMessage(error, tc)),
          });
        }}
      />
    </Card>
  );
}

export { CredentialsRoute as Component };
