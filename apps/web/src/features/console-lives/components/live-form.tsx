import type { ConsoleLive, LiveAccess, LocalizedText } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { enabledLanguages, type Language, localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw, Save } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { Field } from '../../../components/ui/field.tsx';
import { ImageField } from '../../../components/ui/image-field.tsx';
import { LanguageTabs } from '../../../components/ui/language-tabs.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import {
  activityPricesQueryOptions,
  liveQueryOptions,
  meetingQueryOptions,
  programmeQueryOptions,
  saveLive,
} from '../api/console-lives-api.ts';

type SourceKind = ConsoleLive['source_kind'];

/** What the editor holds: texts per language and the shared fields as the inputs show them. */
type Draft = {
  title: Record<string, string>;
  description: Record<string, string>;
  cover: string;
  start: string;
  end: string;
  enableShow: boolean;
  weight: string;
  sourceKind: SourceKind;
  sourceUrl: string;
  replayUrl: string;
  access: LiveAccess;
  activityId: string;
  priceId: string;
  agendaIds: string[];
  chatEnabled: boolean;
};

type Errors = Partial<Record<'title' | 'end' | 'source' | 'replay' | 'access' | 'price', string>>;

const asMap = (value: LocalizedText | undefined, first: string): Record<string, string> =>
  value === undefined ? {} : typeof value === 'string' ? (value ? { [first]: value } : {}) : { ...value };
const compact = (value: Record<string, string>) =>
  Object.fromEntries(Object.entries(value).filter(([, text]) => text.trim() !== ''));

/** A new live starts on the next full hour and lasts an hour. */
function draftOf(live: ConsoleLive | null, timeZone: string, first: string): Draft {
  const nextHour = Math.ceil(Date.now() / 3_600_000) * 3600;
  return {
    title: asMap(live?.title, first),
    description: asMap(live?.description, first),
    cover: live?.cover ?? '',
    start: toZonedInput(live?.start ?? nextHour, timeZone),
    end: toZonedInput(live?.end ?? nextHour + 3600, timeZone),
    enableShow: live ? live.enable_show === 1 : true,
    weight: String(live?.weight ?? 0),
    sourceKind: live?.source_kind ?? 'none',
    sourceUrl: live?.source_url ?? '',
    replayUrl: live?.replay_url ?? '',
    access: live?.access ?? 'public',
    activityId: live?.activity_id?.$id ?? '',
    priceId: live?.price_id?.$id ?? '',
    agendaIds: live?.agenda_ids.map((id) => id.$id) ?? [],
    chatEnabled: live ? live.chat_enabled === 1 : true,
  };
}

const selectClass =
  'h-12 rounded-card bg-white px-3 text-[16px] font-normal text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary';
const isHttp = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-4 desk:p-5">
      <div>
        <h2 className="text-[16px] font-semibold text-slate-900">{title}</h2>
        {hint ? <p className="mt-0.5 text-[13px] text-slate-500">{hint}</p> : null}
      </div>
      {children}
    </Card>
  );
}

function Check({
  label,
  hint,
  checked,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId?: string;
}) {
  return (
    <label className="flex items-start gap-3 text-sm text-slate-800">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span>
        {label}
        {hint ? <span className="block text-[13px] text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}

/** Radio choices as a row of pills (source kind, access). */
function Choice<T extends string>({
  legend,
  options,
  value,
  onChange,
  name,
}: {
  legend: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  name: string;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'inline-flex h-9 cursor-pointer items-center rounded-full px-3.5 text-sm ring-1 transition has-[:focus-visible]:ring-2',
              value === option.value
                ? 'bg-primary text-on-primary ring-primary'
                : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The live editor (§3 Live; §6 access; §9): title and description per enabled language of the
 * meeting, cover, start and end in the meeting's time zone, shown or hidden, weight, the source (none,
 * a pasted HLS/FLV address, or the built-in ingest), the replay address, who may watch (public,
 * registered in an activity, paid with a ticket type of that activity, private), the programme's
 * sessions it belongs to and the chat switch. A save names the `updated` it read: when someone saved
 * meanwhile (409 conflict.stale) it offers to load their version or to save over it.
 */
export function LiveForm({
  meetingId,
  timeZone,
  live,
  onSaved,
  onCancel,
}: {
  meetingId: string;
  timeZone: string;
  live: ConsoleLive | null;
  onSaved: (saved: ConsoleLive) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('console-lives');
  const { t: tc } = useTranslation('common');
  const uiLanguage = useLanguage();
  const queryClient = useQueryClient();
  const meeting = useQuery(meetingQueryOptions(meetingId));
  const programme = useQuery(programmeQueryOptions(meetingId));
  const languages: Language[] = meeting.data
    ? enabledLanguages(meeting.data.config.language as Record<string, unknown> | undefined)
    : [];
  const first = languages.includes(uiLanguage) ? uiLanguage : (languages[0] ?? uiLanguage);
  const [draft, setDraft] = useState<Draft>(() => draftOf(live, timeZone, first));
  const [base, setBase] = useState<ConsoleLive | null>(live);
  const [tab, setTab] = useState<string>('');
  const [errors, setErrors] = useState<Errors>({});
  const [isBusy, setBusy] = useState(false);
  const [isConflict, setConflict] = useState(false);
  const prices = useQuery({
    ...activityPricesQueryOptions(meetingId, draft.activityId),
    enabled: draft.access === 'paid' && draft.activityId !== '',
  });
  const ids = { activity: useId(), price: useId(), weight: useId() };

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const written = (code: string) => Boolean(draft.title[code]?.trim());
  // The tab chosen, else the display language when written in it (or nothing is written yet), else
  // the first language it is written in.
  const activeTab =
    tab && languages.includes(tab as Language)
      ? tab
      : written(first) || !languages.some(written)
        ? first
        : (languages.find(written) ?? first);

  const validate = (): Errors => {
    const found: Errors = {};
    if (Object.keys(compact(draft.title)).length === 0) found.title = t('errors.titleRequired');
    const start = fromZonedInput(draft.start, timeZone);
    const end = fromZonedInput(draft.end, timeZone);
    if (start === null || end === null) found.end = t('errors.timesRequired');
    else if (end <= start) found.end = t('errors.window');
    if (draft.sourceKind === 'url' && !isHttp(draft.sourceUrl)) found.source = t('errors.source');
    if (draft.replayUrl.trim() !== '' && !isHttp(draft.replayUrl)) found.replay = t('errors.url');
    if ((draft.access === 'registered' || draft.access === 'paid') && !draft.activityId)
      found.access = t('errors.activityRequired');
    if (draft.access === 'paid' && !draft.priceId) found.price = t('errors.priceRequired');
    return found;
  };

  const body = (updated: number | undefined) => {
    const description = compact(draft.description);
    const linked = draft.access === 'registered' || draft.access === 'paid';
    return {
      title: compact(draft.title),
      // A form body has no empty map: '' clears the description.
      description: Object.keys(description).length > 0 ? description : '',
      cover: draft.cover,
      start: fromZonedInput(draft.start, timeZone) ?? 0,
      end: fromZonedInput(draft.end, timeZone) ?? 0,
      enable_show: draft.enableShow ? 1 : 0,
      weight: Number.parseInt(draft.weight, 10) || 0,
      source_kind: draft.sourceKind,
      source_url: draft.sourceKind === 'url' ? draft.sourceUrl.trim() : '',
      replay_url: draft.replayUrl.trim(),
      access: draft.access,
      activity_id: linked ? draft.activityId : '',
      price_id: draft.access === 'paid' ? draft.priceId : '',
      // The whole list (also when the programme could not be read: the links as loaded); '' clears it.
      agenda_ids: draft.agendaIds.length > 0 ? draft.agendaIds : '',
      chat_enabled: draft.chatEnabled ? 1 : 0,
      updated,
    };
  };

  const save = async (updated: number | undefined) => {
    setBusy(true);
    try {
      const saved = await saveLive(meetingId, base?._id.$id ?? null, body(updated));
      setBase(saved);
      setConflict(false);
      showToast(t('saved'));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'conflict.stale') setConflict(true);
      else if (error instanceof ApiError && error.code === 'live.window_invalid')
        setErrors({ end: t('errors.window') });
      else if (error instanceof ApiError && error.code === 'live.source_invalid')
        setErrors({ source: draft.sourceKind === 'ingest' ? t('errors.ingestOff') : t('errors.source') });
      else if (error instanceof ApiError && error.code === 'live.access_invalid')
        setErrors({ access: t('errors.access') });
      else if (error instanceof ApiError && error.status === 400) showToast(t('errors.checkFields'));
      else showToast(apiErrorMessage(error, tc));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.title) setTab(activeTab);
      return;
    }
    void save(base?.updated);
  };

  /** The live as stored now (read again, not from the cache). */
  const latest = (id: string) => queryClient.fetchQuery({ ...liveQueryOptions(meetingId, id), staleTime: 0 });

  /** Someone saved meanwhile: load their version into the form. */
  const reload = async () => {
    if (!base) return;
    try {
      const fresh = await latest(base._id.$id);
      setBase(fresh);
      setDraft(draftOf(fresh, timeZone, first));
      setConflict(false);
      onSaved(fresh);
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    }
  };

  /** Someone saved meanwhile: save this form over their version. */
  const overwrite = async () => {
    if (!base) return;
    try {
      const fresh = await latest(base._id.$id);
      await save(fresh.updated);
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    }
  };

  if (meeting.isPending) return <Skeleton className="h-96 w-full" />;

  const sessions = programme.data?.sessions ?? [];
  const activities = programme.data?.activities ?? [];
  const when = (start: number, end: number) =>
    `${formatDate(start * 1000, timeZone, uiLanguage, { day: 'numeric', month: 'short' })} ${formatTimeRange(start * 1000, end * 1000, timeZone, uiLanguage)}`;

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate data-testid="console-live-form">
      {isConflict ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="console-live-conflict"
        >
          <p>{t('errors.stale')}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => void overwrite()} disabled={isBusy}>
              {t('form.overwrite')}
            </Button>
            <Button size="sm" onClick={() => void reload()} disabled={isBusy}>
              <RotateCw aria-hidden="true" className="size-4" />
              {t('form.reload')}
            </Button>
          </div>
        </div>
      ) : null}

      <Section title={t('form.texts')} hint={t('form.textsHint')}>
        {languages.length > 1 ? (
          <LanguageTabs
            languages={languages}
            value={activeTab}
            onChange={setTab}
            labelOf={(code) => languageName(code as Language)}
            isWritten={written}
            label={t('form.languages')}
            writtenLabel={t('form.written')}
            testIdPrefix="console-live-lang-"
          />
        ) : null}
        <div className="flex flex-col gap-4" role="tabpanel" lang={activeTab} dir="auto">
          <Field
            label={t('fields.title')}
            name="title"
            value={draft.title[activeTab] ?? ''}
            maxLength={textLimits.title}
            error={errors.title}
            dir="auto"
            onChange={(event) => set({ title: { ...draft.title, [activeTab]: event.target.value } })}
          />
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
            {t('fields.description')}
            <textarea
              name="description"
              dir="auto"
              className="min-h-24 rounded-card bg-white p-3 text-[16px] font-normal text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
              value={draft.description[activeTab] ?? ''}
              maxLength={textLimits.description}
              onChange={(event) =>
                set({ description: { ...draft.description, [activeTab]: event.target.value } })
              }
            />
          </label>
        </div>
        <ImageField
          label={t('fields.cover')}
          hint={t('fields.coverHint')}
          value={draft.cover}
          onChange={(cover) => set({ cover })}
        />
      </Section>

      <Section title={t('form.when')} hint={t('form.whenHint', { zone: timeZone })}>
        <div className="grid gap-4 desk:grid-cols-2">
          <Field
            label={t('fields.start')}
            name="start"
            type="datetime-local"
            value={draft.start}
            onChange={(event) => set({ start: event.target.value })}
          />
          <Field
            label={t('fields.end')}
            name="end"
            type="datetime-local"
            value={draft.end}
            error={errors.end}
            onChange={(event) => set({ end: event.target.value })}
          />
        </div>
        <div className="grid gap-4 desk:grid-cols-2">
          <Check
            label={t('fields.enableShow')}
            hint={t('fields.enableShowHint')}
            checked={draft.enableShow}
            onChange={(enableShow) => set({ enableShow })}
          />
          <Field
            id={ids.weight}
            label={t('fields.weight')}
            hint={t('fields.weightHint')}
            name="weight"
            type="number"
            inputMode="numeric"
            value={draft.weight}
            onChange={(event) => set({ weight: event.target.value })}
          />
        </div>
      </Section>

      <Section title={t('form.stream')}>
        <Choice<SourceKind>
          legend={t('fields.source')}
          name="source_kind"
          value={draft.sourceKind}
          onChange={(sourceKind) => set({ sourceKind })}
          options={[
            { value: 'none', label: t('source.none') },
            { value: 'url', label: t('source.url') },
            { value: 'ingest', label: t('source.ingest') },
          ]}
        />
        {draft.sourceKind === 'url' ? (
          <Field
            label={t('fields.sourceUrl')}
            hint={t('fields.sourceUrlHint')}
            name="source_url"
            type="url"
            dir="ltr"
            placeholder="https://…/index.m3u8"
            value={draft.sourceUrl}
            error={errors.source}
            onChange={(event) => set({ sourceUrl: event.target.value })}
          />
        ) : draft.sourceKind === 'ingest' ? (
          <p className={cx('text-[13px]', errors.source ? 'text-red-600' : 'text-slate-500')} role="note">
            {errors.source ?? t('source.ingestHint')}
          </p>
        ) : (
          <p className="text-[13px] text-slate-500">{t('source.noneHint')}</p>
        )}
        <Field
          label={t('fields.replayUrl')}
          hint={t('fields.replayUrlHint')}
          name="replay_url"
          type="url"
          dir="ltr"
          placeholder="https://…/replay.mp4"
          value={draft.replayUrl}
          error={errors.replay}
          onChange={(event) => set({ replayUrl: event.target.value })}
        />
        <Check
          label={t('fields.chat')}
          hint={t('fields.chatHint')}
          checked={draft.chatEnabled}
          onChange={(chatEnabled) => set({ chatEnabled })}
          testId="console-live-chat-enabled"
        />
      </Section>

      <Section title={t('form.audience')} hint={t('form.audienceHint')}>
        <Choice<LiveAccess>
          legend={t('fields.access')}
          name="access"
          value={draft.access}
          onChange={(access) => set({ access })}
          options={(['public', 'registered', 'paid', 'private'] as const).map((value) => ({
            value,
            label: t(`access.${value}`),
          }))}
        />
        <p className="text-[13px] text-slate-500">{t(`accessHint.${draft.access}`)}</p>
        {draft.access === 'registered' || draft.access === 'paid' ? (
          <div className="grid gap-4 desk:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.activity} className="text-sm font-medium text-slate-700">
                {t('fields.activity')}
              </label>
              <select
                id={ids.activity}
                name="activity_id"
                className={cx(selectClass, errors.access && 'ring-red-400')}
                value={draft.activityId}
                aria-invalid={errors.access ? true : undefined}
                onChange={(event) => set({ activityId: event.target.value, priceId: '' })}
              >
                <option value="">{t('fields.chooseActivity')}</option>
                {activities.map((activity) => (
                  <option key={activity._id.$id} value={activity._id.$id}>
                    {localize(activity.title, uiLanguage)} · {when(activity.start, activity.end)}
                  </option>
                ))}
                {draft.activityId && !activities.some((a) => a._id.$id === draft.activityId) ? (
                  <option value={draft.activityId}>{t('fields.currentActivity')}</option>
                ) : null}
              </select>
              {errors.access ? (
                <p className="text-[13px] text-red-600" role="alert">
                  {errors.access}
                </p>
              ) : null}
            </div>
            {draft.access === 'paid' ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.price} className="text-sm font-medium text-slate-700">
                  {t('fields.price')}
                </label>
                <select
                  id={ids.price}
                  name="price_id"
                  className={cx(selectClass, errors.price && 'ring-red-400')}
                  value={draft.priceId}
                  disabled={!draft.activityId}
                  aria-invalid={errors.price ? true : undefined}
                  onChange={(event) => set({ priceId: event.target.value })}
                >
                  <option value="">
                    {prices.isFetching ? t('fields.loading') : t('fields.choosePrice')}
                  </option>
                  {(prices.data ?? []).map((price) => (
                    <option key={price._id.$id} value={price._id.$id}>
                      {localize(price.title, uiLanguage)} ·{' '}
                      {price.amount === 0 ? t('fields.free') : (price.amount / 100).toFixed(2)}
                    </option>
                  ))}
                  {draft.priceId && prices.data && !prices.data.some((p) => p._id.$id === draft.priceId) ? (
                    <option value={draft.priceId}>{t('fields.currentPrice')}</option>
                  ) : null}
                </select>
                <p className={cx('text-[13px]', errors.price ? 'text-red-600' : 'text-slate-500')}>
                  {errors.price ?? t('fields.priceHint')}
                </p>
              </div>
            ) : null}
          </div>
        ) : null}
      </Section>

      <Section title={t('fields.sessions')} hint={t('fields.sessionsHint')}>
        {programme.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : programme.isError ? (
          <p className="text-[13px] text-slate-500">{t('fields.sessionsUnavailable')}</p>
        ) : sessions.length === 0 ? (
          <p className="text-[13px] text-slate-500">{t('fields.noSessions')}</p>
        ) : (
          <div
            className="grid max-h-64 grid-cols-1 gap-1 overflow-auto rounded-card p-1 ring-1 ring-slate-100 desk:grid-cols-2"
            data-testid="console-live-sessions"
          >
            {sessions.map((session) => (
              <label
                key={session._id.$id}
                className="flex items-start gap-2.5 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={draft.agendaIds.includes(session._id.$id)}
                  disabled={!draft.agendaIds.includes(session._id.$id) && draft.agendaIds.length >= 20}
                  onChange={(event) =>
                    set({
                      agendaIds: event.target.checked
                        ? [...draft.agendaIds, session._id.$id]
                        : draft.agendaIds.filter((id) => id !== session._id.$id),
                    })
                  }
                />
                <span className="min-w-0">
                  <bdi className="line-clamp-2">{localize(session.title, uiLanguage)}</bdi>
                  <span className="block text-xs text-slate-500">{when(session.start, session.end)}</span>
                </span>
              </label>
            ))}
          </div>
        )}
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex justify-end gap-2 border-t border-slate-200 bg-white px-4 py-3 desk:mx-0 desk:rounded-card desk:border desk:px-4">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
            {t('cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={isBusy} data-testid="console-live-save">
          <Save aria-hidden="true" className="size-4" />
          {isBusy ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
