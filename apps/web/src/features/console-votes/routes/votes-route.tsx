import type { ConsoleVote, ConsoleVoteDetail, ConsoleVotePlayer } from '@app/contracts';
import { voteLimits } from '@app/contracts/wire/vote-limits.ts';
import { localize } from '@app/domain';
import { Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConsoleErrorState, ConsolePage } from '../../../components/ui/console-page.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ImageField } from '../../../components/ui/image-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { downloadFile } from '../../../lib/api/download-file.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { sharePaths } from '../../../lib/share-paths.ts';
import {
  exportPath,
  useAddPlayer,
  useConsoleVote,
  useConsoleVotes,
  useDeletePlayer,
  useDeleteVote,
  useSaveVote,
  useUpdatePlayer,
} from '../api/console-votes-api.ts';

/** A unix time as the value of a datetime-local input (the organiser's browser zone). */
function toLocalInput(seconds: number): string {
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const fromLocalInput = (value: string) => Math.floor(new Date(value).getTime() / 1000);

type Draft = {
  title: string;
  description: string;
  cover: string;
  start: string;
  end: string;
  perPerson: string;
  perDay: string;
  allowWithdraw: boolean;
  showResults: boolean;
  enableShow: boolean;
};

function draftOf(vote: ConsoleVote | null, language: string): Draft {
  const now = Math.floor(Date.now() / 1000);
  return {
    title: vote ? localize(vote.title, language) : '',
    description: vote ? localize(vote.description, language) : '',
    cover: vote?.cover ?? '',
    start: toLocalInput(vote?.start_at ?? now),
    end: toLocalInput(vote?.end_at ?? now + 7 * 86_400),
    perPerson: String(vote?.per_person_limit ?? 10),
    perDay: String(vote?.per_day_limit ?? 0),
    allowWithdraw: vote ? vote.allow_withdraw === 1 : false,
    showResults: vote ? vote.show_results === 1 : true,
    enableShow: vote ? vote.enable_show === 1 : true,
  };
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="size-4 accent-[var(--color-primary)]"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** The vote form: title and description in the display language, cover, window, limits, flags. */
function VoteForm({
  meetingId,
  vote,
  onSaved,
  onCancel,
}: {
  meetingId: string;
  vote: ConsoleVote | null;
  onSaved: (id: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('console-votes');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const [draft, setDraft] = useState(() => draftOf(vote, language));
  const save = useSaveVote(meetingId);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const keep = (value: unknown, text: string) =>
    value && typeof value === 'object'
      ? { ...(value as Record<string, string>), [language]: text }
      : { [language]: text };
  const submit = () => {
    save.mutate(
      {
        id: vote?._id.$id ?? null,
        body: {
          title: keep(vote?.title, draft.title),
          description: keep(vote?.description, draft.description),
          cover: draft.cover,
          start_at: fromLocalInput(draft.start),
          end_at: fromLocalInput(draft.end),
          per_person_limit: Number(draft.perPerson),
          per_day_limit: Number(draft.perDay),
          allow_withdraw: draft.allowWithdraw ? 1 : 0,
          show_results: draft.showResults ? 1 : 0,
          enable_show: draft.enableShow ? 1 : 0,
        },
      },
      {
        onSuccess: (saved) => {
          showToast(t('saved'));
          onSaved(saved._id.$id);
        },
        onError: (error) =>
          showToast(
            error && typeof error === 'object' && 'code' in error && error.code === 'vote.window_invalid'
              ? t('windowInvalid')
              : apiErrorMessage(error, tc),
          ),
      },
    );
  };
  return (
    <form
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="console-vote-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field
        label={t('fields.title')}
        value={draft.title}
        maxLength={200}
        required
        onChange={(e) => set({ title: e.target.value })}
        name="title"
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
        {t('fields.description')}
        <textarea
          className="min-h-24 rounded-card bg-white p-3 text-[16px] text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
          value={draft.description}
          maxLength={500}
          onChange={(e) => set({ description: e.target.value })}
        />
      </label>
      <ImageField
        label={t('fields.cover')}
        hint={t('fields.coverHint')}
        value={draft.cover}
        onChange={(cover) => set({ cover })}
      />
      <div className="grid gap-4 desk:grid-cols-2">
        <Field
          label={t('fields.start')}
          type="datetime-local"
          value={draft.start}
          required
          onChange={(e) => set({ start: e.target.value })}
        />
        <Field
          label={t('fields.end')}
          type="datetime-local"
          value={draft.end}
          required
          onChange={(e) => set({ end: e.target.value })}
        />
        <Field
          label={t('fields.perPerson')}
          type="number"
          min={1}
          max={voteLimits.perPersonMax}
          value={draft.perPerson}
          required
          onChange={(e) => set({ perPerson: e.target.value })}
          name="per_person_limit"
        />
        <Field
          label={t('fields.perDay')}
          hint={t('fields.perDayHint')}
          type="number"
          min={0}
          max={voteLimits.perDayMax}
          value={draft.perDay}
          required
          onChange={(e) => set({ perDay: e.target.value })}
          name="per_day_limit"
        />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Check
          label={t('fields.allowWithdraw')}
          checked={draft.allowWithdraw}
          onChange={(allowWithdraw) => set({ allowWithdraw })}
        />
        <Check
          label={t('fields.showResults')}
          checked={draft.showResults}
          onChange={(showResults) => set({ showResults })}
        />
        <Check
          label={t('fields.enableShow')}
          checked={draft.enableShow}
          onChange={(enableShow) => set({ enableShow })}
        />
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending} data-testid="console-vote-save">
          {t('save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Candidates of one vote ranked by votes (the results), add with image, remove, export CSV. */
function VoteResults({ meetingId, detail }: { meetingId: string; detail: ConsoleVoteDetail }) {
  const { t } = useTranslation('console-votes');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const add = useAddPlayer(meetingId, detail._id.$id);
  const remove = useDeletePlayer(meetingId, detail._id.$id);
  const update = useUpdatePlayer(meetingId, detail._id.$id);
  const [editing, setEditing] = useState<ConsoleVotePlayer | null>(null);
  const [name, setName] = useState('');
  const [img, setImg] = useState('');
  const [description, setDescription] = useState('');
  const sum = detail.players.reduce((total, player) => total + player.vote_total, 0);
  return (
    <section className="flex flex-col gap-4" data-testid="console-vote-results">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-lg text-slate-900">{t('results')}</h2>
        <p className="text-sm text-slate-600">
          {t('totals', { votes: detail.vote_total, voters: detail.voter_total })}
        </p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void downloadFile(
              `${exportPath(meetingId, detail._id.$id)}?lang=${language}`,
              'vote-results.csv',
            ).catch((error) => showToast(apiErrorMessage(error, tc)))
          }
        >
          <Download aria-hidden="true" className="size-4" /> {t('export')}
        </Button>
      </div>
      <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {detail.players.map((player) => (
          <li
            key={player._id.$id}
            className="flex items-center gap-3 px-4 py-2"
            data-testid="console-vote-player"
          >
            <span className="w-8 text-center font-semibold text-slate-500 tabular-nums">{player.rank}</span>
            {player.img ? (
              <img src={player.img} alt="" className="size-10 rounded-lg object-cover" />
            ) : (
              <span className="size-10 rounded-lg bg-slate-100" />
            )}
            <span className="flex-1 text-sm text-slate-900">{localize(player.name, language)}</span>
            <span className="text-sm text-slate-600 tabular-nums">
              {player.vote_total} · {sum === 0 ? '0' : ((player.vote_total * 100) / sum).toFixed(1)}%
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('editCandidate')}
              onClick={() => {
                setEditing(player);
                setName(localize(player.name, language));
                setImg(player.img);
                setDescription(localize(player.description, language));
              }}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('removeCandidate')}
              onClick={() => remove.mutate(player._id.$id)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
        {detail.players.length === 0 ? (
          <li className="px-4 py-6 text-center text-sm text-slate-500">{t('noCandidates')}</li>
        ) : null}
      </ol>
      <form
        className="flex flex-col gap-3 rounded-2xl border border-dashed border-slate-300 p-4"
        data-testid="console-vote-add-player"
        onSubmit={(event) => {
          event.preventDefault();
          const keep = (value: unknown, text: string) =>
            value && typeof value === 'object'
              ? { ...(value as Record<string, string>), [language]: text }
              : { [language]: text };
          const reset = () => {
            setEditing(null);
            setName('');
            setImg('');
            setDescription('');
          };
          const onError = (error: unknown) => showToast(apiErrorMessage(error, tc));
          if (editing) {
            update.mutate(
              {
                playerId: editing._id.$id,
                body: {
                  name: keep(editing.name, name),
                  img,
                  description: keep(editing.description, description),
                  weight: editing.weight,
                },
              },
              { onSuccess: reset, onError },
            );
            return;
          }
          add.mutate(
            { name: { [language]: name }, img, description: { [language]: description } },
            { onSuccess: reset, onError },
          );
        }}
      >
        <h3 className="font-medium text-slate-900">{editing ? t('editCandidate') : t('addCandidate')}</h3>
        <Field
          label={t('fields.candidateName')}
          value={name}
          maxLength={64}
          required
          onChange={(e) => setName(e.target.value)}
          name="candidate_name"
        />
        <Field
          label={t('fields.candidateDescription')}
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
        />
        <ImageField
          label={t('fields.candidateImage')}
          hint={t('fields.coverHint')}
          value={img}
          onChange={setImg}
        />
        <div className="flex gap-3">
          <Button type="submit" size="sm" disabled={add.isPending || update.isPending || name.trim() === ''}>
            {editing ? (
              t('save')
            ) : (
              <>
                <Plus aria-hidden="true" className="size-4" /> {t('addCandidate')}
              </>
            )}
          </Button>
          {editing ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setEditing(null);
                setName('');
                setImg('');
                setDescription('');
              }}
            >
              {t('cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/**
 * #/console/meetings/:meetingId/votes (votes.edit): the meeting's votes with status and totals; a
 * vote opens its form (window, limits, flags) and its ranked results with candidates and the CSV export.
 */
/** The share link with its QR code (qrcode library), its own chunk. */
const ShareLink = lazy(() =>
  import('../../../components/ui/share-link.tsx').then((module) => ({
    default: module.ShareLink,
  })),
);

/**
 * A vote's share link (§2 share links: vote with vote_id and meeting_id) with a QR
 * code to copy, or to download as a PNG for a poster.
 */
function VoteShare({ meetingId, vote }: { meetingId: string; vote: ConsoleVote }) {
  const { t } = useTranslation('console-votes');
  const language = useLanguage();
  // The §2 share link (server page with the vote's card, then the hash route), no language: each
  // scanner reads the vote in their own.
  const url = sharePaths.url({ type: 'vote', meetingId, id: vote._id.$id });
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="console-vote-share"
    >
      <div>
        <h2 className="font-semibold text-lg text-slate-900">{t('share.title')}</h2>
        <p className="text-sm text-slate-600">{t('share.hint')}</p>
      </div>
      <Suspense fallback={<Skeleton className="h-32 w-full" />}>
        <ShareLink
          url={url}
          label={localize(vote.title, language)}
          fileName={`vote-${vote._id.$id}-qr.png`}
        />
      </Suspense>
    </section>
  );
}

function VotesRoute() {
  const { t } = useTranslation('console-votes');
  const { meetingId = '' } = useParams();
  const language = useLanguage();
  const list = useConsoleVotes(meetingId);
  const [selected, setSelected] = useState<string | null>(null);
  const [isCreating, setCreating] = useState(false);
  const [doomed, setDoomed] = useState<ConsoleVote | null>(null);
  const detail = useConsoleVote(meetingId, selected);
  const remove = useDeleteVote(meetingId);
  const selectedVote = list.data?.items.find((vote) => vote._id.$id === selected) ?? null;

  return (
    <ConsolePage
      title={t('title')}
      description={t('description')}
      testId="console-votes"
      actions={
        <Button
          size="sm"
          onClick={() => {
            setSelected(null);
            setCreating(true);
          }}
          data-testid="console-vote-new"
        >
          <Plus aria-hidden="true" className="size-4" /> {t('new')}
        </Button>
      }
    >
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <ConsoleErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          {isCreating ? (
            <VoteForm
              meetingId={meetingId}
              vote={null}
              onCancel={() => setCreating(false)}
              onSaved={(id) => {
                setCreating(false);
                setSelected(id);
              }}
            />
          ) : null}
          {list.data.items.length === 0 && !isCreating ? (
            <EmptyState title={t('empty')} description={t('emptyHint')} />
          ) : (
            <ul
              className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
              data-testid="console-votes-list"
            >
              {list.data.items.map((vote) => (
                <li key={vote._id.$id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <button
                    type="button"
                    className="flex-1 text-start text-sm font-medium text-slate-900 hover:text-primary"
                    onClick={() => {
                      setCreating(false);
                      setSelected(vote._id.$id);
                    }}
                  >
                    {localize(vote.title, language)}
                  </button>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                    {t(`status.${vote.status}`)}
                  </span>
                  <span className="text-xs text-slate-500 tabular-nums">
                    {t('totals', { votes: vote.vote_total, voters: vote.voter_total })}
                  </span>
                  <Button size="sm" variant="ghost" aria-label={t('delete')} onClick={() => setDoomed(vote)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {selected && selectedVote ? <VoteShare meetingId={meetingId} vote={selectedVote} /> : null}
          {selected && selectedVote ? (
            <div className="grid gap-6 desk:grid-cols-2">
              <VoteForm
                key={`${selected}-${selectedVote.updated}`}
                meetingId={meetingId}
                vote={selectedVote}
                onCancel={() => setSelected(null)}
                onSaved={setSelected}
              />
              {detail.data ? (
                <VoteResults meetingId={meetingId} detail={detail.data} />
              ) : (
                <Skeleton className="h-40 w-full" />
              )}
            </div>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        isOpen={doomed !== null}
        title={t('deleteConfirm')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        isBusy={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(doomed._id.$id, {
            onSuccess: () => {
              if (selected === doomed._id.$id) setSelected(null);
              setDoomed(null);
            },
          });
        }}
      />
    </ConsolePage>
  );
}

export { VotesRoute as Component };
