import type { ConsolePerson, MembershipLevel } from '@app/contracts';
import { peopleLimits } from '@app/contracts/wire/people-limits.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Pencil, Users } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Chips } from '../../../components/ui/chips.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog, SelectField } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { downloadFile } from '../../../lib/api/download-file.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/time.ts';
import {
  consolePeoplePageSize,
  consolePeopleQueryOptions,
  exportPeoplePath,
  type PeopleFilter,
  savePerson,
} from '../api/console-people-api.ts';

const levels: MembershipLevel[] = ['primer', 'senior', 'council', 'senior_council'];

/**
 * `#/console/meetings/:meetingId/people` (DESIGN §7; §3 Exposure setting, membership levels; §6): the
 * meeting's participants (approved ticket holders and everyone with a people profile), newest first,
 * with contacts; search, filters by level, special identity and directory exposure; CSV export
 * (people.read). With people.manage each row edits the level, the special identity and its label,
 * and the tags.
 */
function PeopleTableRoute() {
  const { t } = useTranslation('console-people');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const { meeting } = useConsole();
  const { meetingId = '' } = useParams();
  const canManage = meeting?.actions.includes('people.manage') ?? false;
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<PeopleFilter>({});
  const [skip, setSkip] = useState(0);
  const [editing, setEditing] = useState<ConsolePerson | null>(null);
  const list = useQuery(consolePeopleQueryOptions(meetingId, filter, skip));
  const timeZone = meeting?.time_zone ?? 'UTC';
  const change = (next: PeopleFilter) => {
    setFilter({ ...filter, ...next });
    setSkip(0);
  };

  const columns = useMemo<DataColumn<ConsolePerson>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => (
          <span className="flex flex-col">
            <bdi className="font-medium text-slate-900">{row.username || t('none')}</bdi>
            <bdi className="text-xs text-slate-500">
              {[row.work.title, row.work.company].filter(Boolean).join(' · ')}
            </bdi>
          </span>
        ),
      },
      {
        id: 'contact',
        header: t('columns.contact'),
        cell: (row) => (
          <span className="flex flex-col text-sm" dir="ltr">
            <span>{row.phone}</span>
            <span className="text-slate-500">{row.email}</span>
          </span>
        ),
      },
      {
        id: 'level',
        header: t('columns.level'),
        cell: (row) => (row.membership_level ? t(`levels.${row.membership_level}`) : t('none')),
      },
      {
        id: 'identity',
        header: t('columns.identity'),
        cell: (row) =>
          row.special_identity ? (
            <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs text-white">
              {row.special_identity_label || t('identity')}
            </span>
          ) : (
            t('none')
          ),
      },
      {
        id: 'exposure',
        header: t('columns.exposure'),
        cell: (row) => (row.exposure ? t('shown') : t('hidden')),
      },
      {
        id: 'tags',
        header: t('columns.tags'),
        cell: (row) => <bdi className="text-sm">{row.tags.map((tag) => `#${tag}`).join(' ')}</bdi>,
      },
      {
        id: 'participant',
        header: t('columns.participant'),
        cell: (row) => (row.is_participant ? t('yes') : t('no')),
      },
      {
        id: 'created',
        header: t('columns.created'),
        cell: (row) => (
          <span className="text-sm whitespace-nowrap text-slate-600">
            {formatDate(row.created * 1000, timeZone, language, { day: 'numeric', month: 'short' })}
          </span>
        ),
      },
      ...(canManage
        ? [
            {
              id: 'edit',
              header: '',
              cell: (row: ConsolePerson) => (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(row)}
                  aria-label={t('edit')}
                  data-testid="person-edit"
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, language, timeZone, canManage],
  );

  return (
    <ConsolePage title={t('title')} description={t('intro')} testId="console-people">
      <Card className="overflow-hidden">
        <div className="space-y-3 border-b border-slate-100 p-4">
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              change({ keyword: draft.trim() || undefined });
            }}
          >
            <Field
              label={t('search')}
              isLabelHidden
              placeholder={t('search')}
              value={draft}
              maxLength={100}
              onChange={(event) => setDraft(event.target.value)}
              className="min-w-[220px] flex-1"
            />
            <Button type="submit" variant="secondary">
              {t('searchButton')}
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                void downloadFile(exportPeoplePath(meetingId, filter), 'people.csv').catch((error) =>
                  showToast(apiErrorMessage(error, tc)),
                )
              }
            >
              <Download aria-hidden="true" className="size-4" /> {t('export')}
            </Button>
          </form>
          <Chips
            label={t('columns.level')}
            allLabel={t('filters.all')}
            value={filter.membership_level}
            onChange={(value) => change({ membership_level: value as PeopleFilter['membership_level'] })}
            options={[
              ...levels.map((level) => ({ value: level, label: t(`levels.${level}`) })),
              { value: 'none', label: t('filters.noLevel') },
            ]}
          />
          <div className="flex flex-wrap gap-4">
            <Chips
              label={t('columns.identity')}
              allLabel={t('filters.all')}
              value={filter.special_identity}
              onChange={(value) => change({ special_identity: value as '0' | '1' | undefined })}
              options={[
                { value: '1', label: t('filters.special') },
                { value: '0', label: t('filters.regular') },
              ]}
            />
            <Chips
              label={t('columns.exposure')}
              allLabel={t('filters.all')}
              value={filter.exposure}
              onChange={(value) => change({ exposure: value as '0' | '1' | undefined })}
              options={[
                { value: '1', label: t('shown') },
                { value: '0', label: t('hidden') },
              ]}
            />
          </div>
        </div>
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={<Users aria-hidden="true" className="size-7" />} title={t('empty')} />
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={list.data.items}
              rowKey={(row) => row.user_id.$id}
              caption={t('title')}
              testId="console-people-table"
            />
            <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
              <span>{t('total', { count: list.data.total })}</span>
              {list.data.total > consolePeoplePageSize ? (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={skip === 0}
                    onClick={() => setSkip(Math.max(0, skip - consolePeoplePageSize))}
                    aria-label={t('previous')}
                  >
                    ‹
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={skip + consolePeoplePageSize >= list.data.total}
                    onClick={() => setSkip(skip + consolePeoplePageSize)}
                    aria-label={t('next')}
                  >
                    ›
                  </Button>
                </span>
              ) : null}
            </div>
          </>
        )}
      </Card>
      {editing ? (
        <EditDialog meetingId={meetingId} person={editing} onClose={() => setEditing(null)} />
      ) : null}
    </ConsolePage>
  );
}

function EditDialog({
  meetingId,
  person,
  onClose,
}: {
  meetingId: string;
  person: ConsolePerson;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-people');
  const { t: tc } = useTranslation('common');
  const queryClient = useQueryClient();
  const [level, setLevel] = useState<string>(person.membership_level ?? 'none');
  const [special, setSpecial] = useState(person.special_identity === 1);
  const [label, setLabel] = useState(person.special_identity_label);
  const [tags, setTags] = useState(person.tags.join(', '));
  const [isBusy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await savePerson(meetingId, person.user_id.$id, {
        membership_level: level,
        special_identity: special ? 1 : 0,
        special_identity_label: label.trim(),
        tags: tags
          .split(/[,，、]/)
          .map((tag) => tag.trim())
          .filter(Boolean)
          .slice(0, peopleLimits.tags),
      });
      await queryClient.invalidateQueries({ queryKey: ['console', 'people', meetingId] });
      showToast(t('saved'));
      onClose();
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      isOpen
      title={t('editTitle', { name: person.username })}
      submitLabel={t('save')}
      cancelLabel={t('cancel')}
      isBusy={isBusy}
      onSubmit={() => void submit()}
      onCancel={onClose}
      testId="person-dialog"
    >
      <SelectField
        label={t('columns.level')}
        value={level}
        onChange={setLevel}
        options={[
          { value: 'none', label: t('filters.noLevel') },
          ...levels.map((value) => ({ value, label: t(`levels.${value}`) })),
        ]}
        testId="person-level"
      />
      <label className="flex items-center gap-3 text-[15px] text-slate-800">
        <input
          type="checkbox"
          checked={special}
          onChange={(event) => setSpecial(event.target.checked)}
          className="size-5 accent-[var(--app-primary)]"
        />
        {t('specialIdentity')}
      </label>
      <p className="-mt-2 text-sm text-slate-500">{t('specialHint')}</p>
      <Field
        label={t('identityLabel')}
        value={label}
        maxLength={peopleLimits.specialIdentityLabel}
        onChange={(event) => setLabel(event.target.value)}
      />
      <Field
        label={t('tagsLabel')}
        value={tags}
        onChange={(event) => setTags(event.target.value)}
        hint={t('tagsHint')}
      />
    </FormDialog>
  );
}

export { PeopleTableRoute as Component };
