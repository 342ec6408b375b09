import type { ConsoleActivitySource } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ShareLink } from '../../../components/ui/share-link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { createSource, deleteSource, sourcesQuery, updateSource } from '../api/console-activities.ts';
import { FlagSwitch, inputClass, Labelled, NumberInput, Section, useSaveError } from './editor-parts.tsx';

type Ids = { meetingId: string; activityId: string };
type SourceDraft = { title: string; max: number; default: 0 | 1 };

/** Title, limit and default flag of a registration channel (§3 Sources). */
function SourceForm({ draft, onChange }: { draft: SourceDraft; onChange: (draft: SourceDraft) => void }) {
  const { t } = useTranslation('console-activities');
  return (
    <div className="grid gap-4 desk:grid-cols-3">
      <Labelled label={t('sources.title')}>
        {(id) => (
          <input
            id={id}
            className={inputClass}
            maxLength={200}
            value={draft.title}
            onChange={(event) => onChange({ ...draft, title: event.target.value })}
          />
        )}
      </Labelled>
      <NumberInput
        label={t('sources.max')}
        hint={t('sources.maxHint')}
        value={draft.max}
        onChange={(max) => onChange({ ...draft, max: max ?? 0 })}
      />
      <FlagSwitch
        label={t('sources.default')}
        hint={t('sources.defaultHint')}
        value={draft.default}
        onChange={(value) => onChange({ ...draft, default: value })}
      />
    </div>
  );
}

/** One channel: its fields, sign-ups, share link with QR, save and delete. */
function SourceCard({ ids, source }: { ids: Ids; source: ConsoleActivitySource }) {
  const { t } = useTranslation('console-activities');
  const queryClient = useQueryClient();
  const saveError = useSaveError();
  const [draft, setDraft] = useState<SourceDraft>({
    title: source.title,
    max: source.max,
    default: source.default,
  });
  const [isBusy, setIsBusy] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sourcesQuery(ids).queryKey });
  const run = async (work: () => Promise<unknown>) => {
    setIsBusy(true);
    try {
      await work();
      await refresh();
    } catch (error) {
      showToast(saveError(error));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Section
      title={source.title || t('sources.untitled')}
      description={t('sources.signups', { count: source.signup_total, max: source.max || '∞' })}
      actions={
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('sources.delete')}
            onClick={() => setIsConfirming(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
          <Button
            size="sm"
            disabled={isBusy}
            onClick={() =>
              run(async () => {
                await updateSource(ids, source._id.$id, draft);
                showToast(t('states.saved'));
              })
            }
          >
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <SourceForm draft={draft} onChange={setDraft} />
      <div className="mt-4 border-t border-slate-100 pt-4">
        <p className="mb-2 text-[13px] font-medium text-slate-600">
          {t('sources.shareLink')} · <span dir="ltr">source_id {source._id.$id}</span>
        </p>
        <ShareLink
          url={source.share_url}
          label={source.title || source._id.$id}
          fileName={`source-${source._id.$id}.png`}
        />
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('sources.deleteTitle')}
        body={t('sources.deleteBody')}
        confirmLabel={t('sources.delete')}
        cancelLabel={t('actions.cancel')}
        isBusy={isBusy}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() =>
          run(async () => {
            await deleteSource(ids, source._id.$id);
            setIsConfirming(false);
          })
        }
      />
    </Section>
  );
}

/** The sources tab: registration channels with share link, QR, copy and PNG download; add one. */
export function SourcesTab({ ids }: { ids: Ids }) {
  const { t } = useTranslation('console-activities');
  const queryClient = useQueryClient();
  const saveError = useSaveError();
  const sources = useQuery(sourcesQuery(ids));
  const [draft, setDraft] = useState<SourceDraft | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  if (sources.isPending) return <Skeleton className="h-40 w-full" />;
  if (sources.isError) return <ErrorState onRetry={() => sources.refetch()} />;

  const add = async () => {
    if (!draft) return;
    setIsBusy(true);
    try {
      await createSource(ids, draft);
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: sourcesQuery(ids).queryKey });
    } catch (error) {
      showToast(saveError(error));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="sources-tab">
      {sources.data.length === 0 && !draft ? (
        <EmptyState title={t('sources.empty')} description={t('sources.emptyHint')} />
      ) : null}
      {sources.data.map((source) => (
        <SourceCard
          key={`${source._id.$id}-${source.title}-${source.max}-${source.default}`}
          ids={ids}
          source={source}
        />
      ))}
      {draft ? (
        <Section
          title={t('sources.new')}
          actions={
            <>
              <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
                {t('actions.cancel')}
              </Button>
              <Button size="sm" onClick={add} disabled={isBusy}>
                {t('actions.add')}
              </Button>
            </>
          }
        >
          <SourceForm draft={draft} onChange={setDraft} />
        </Section>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => setDraft({ title: '', max: 0, default: 0 })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('sources.add')}
        </Button>
      )}
    </div>
  );
}
