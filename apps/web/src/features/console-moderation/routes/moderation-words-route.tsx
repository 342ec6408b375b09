import type { ModerationWord } from '@app/contracts';
import { type ModerationCategoryValue, moderationCategoryValues } from '@app/contracts/wire/moderation.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListFilter, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField, TextArea } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConsole } from '../../../lib/console-context.ts';
import {
  addWord,
  consoleModerationKeys,
  removeWord,
  type TextVerdict,
  testText,
  wordsQueryOptions,
} from '../api/console-moderation-api.ts';
import { ModerationTabs } from '../components/moderation-tabs.tsx';

/** The category select's value for an allow-list word. */
const allowValue = 'allow';

/**
 * `#/console/meetings/:meetingId/moderation/words` (§5 sensitive content): the meeting's own words —
 * refused with a §5 category, or allowed (the built-in starter lists never refuse them) — added and
 * removed here (community.moderate), and a "test a text" box showing what the checks answer.
 */
function ModerationWordsRoute() {
  const { t } = useTranslation(['console-moderation', 'moderation']);
  const { meetingId = '' } = useParams();
  const { meeting } = useConsole();
  const canModerate = meeting?.actions.includes('community.moderate') ?? false;
  const words = useQuery(wordsQueryOptions(meetingId));
  const queryClient = useQueryClient();
  const [word, setWord] = useState('');
  const [category, setCategory] = useState<string>('spam');
  const [sample, setSample] = useState('');
  const [verdict, setVerdict] = useState<TextVerdict | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleModerationKeys.words(meetingId) });

  const add = useMutation({
    mutationFn: () =>
      addWord(meetingId, {
        word: word.trim(),
        category: category === allowValue ? null : (category as ModerationCategoryValue),
        allow: category === allowValue ? 1 : 0,
      }),
    onSuccess: () => {
      setWord('');
      showToast(t('words.added'));
      void refresh();
    },
    onError: () => showToast(t('failed')),
  });
  const remove = useMutation({
    mutationFn: (item: ModerationWord) => removeWord(meetingId, item._id),
    onSuccess: () => {
      showToast(t('words.removed'));
      void refresh();
    },
    onError: () => showToast(t('failed')),
  });
  const test = useMutation({
    mutationFn: () => testText(meetingId, sample),
    onSuccess: setVerdict,
    onError: () => showToast(t('failed')),
  });

  const columns = useMemo<DataColumn<ModerationWord>[]>(
    () => [
      { id: 'word', header: t('words.word'), cell: (item) => <bdi className="font-medium">{item.word}</bdi> },
      {
        id: 'category',
        header: t('words.category'),
        cell: (item) =>
          item.allow ? t('words.allowed') : item.category ? t(`moderation:reasons.${item.category}`) : '—',
      },
      {
        id: 'actions',
        header: t('queue.actions'),
        className: 'text-end',
        cell: (item) =>
          canModerate ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={remove.isPending}
              onClick={() => remove.mutate(item)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('words.remove')}
            </Button>
          ) : null,
      },
    ],
    [t, canModerate, remove],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (word.trim()) add.mutate();
  };
  const verdictText = (answer: TextVerdict) =>
    answer.verdict === 'reject'
      ? t('words.verdict.reject', {
          category: answer.category ? t(`moderation:reasons.${answer.category}`) : '',
        })
      : t(`words.verdict.${answer.verdict}`);

  return (
    <ConsolePage title={t('heading')} description={t('words.baseline')} testId="console-moderation-words">
      <ModerationTabs meetingId={meetingId} current="words" />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          {canModerate ? (
            <Card className="p-4">
              <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submit}>
                <Field
                  label={t('words.word')}
                  value={word}
                  maxLength={50}
                  onChange={(event) => setWord(event.target.value)}
                  data-testid="moderation-word"
                />
                <SelectField
                  label={t('words.category')}
                  value={category}
                  onChange={setCategory}
                  options={[
                    ...moderationCategoryValues.map((value) => ({
                      value,
                      label: t(`moderation:reasons.${value}`),
                    })),
                    { value: allowValue, label: t('words.allow') },
                  ]}
                  testId="moderation-word-category"
                />
                <Button type="submit" className="h-12" disabled={add.isPending || word.trim() === ''}>
                  {t('words.add')}
                </Button>
              </form>
            </Card>
          ) : null}
          <Card className="overflow-hidden">
            {words.isPending ? (
              <TableSkeleton />
            ) : words.isError ? (
              <ConsoleErrorState error={words.error} onRetry={() => void words.refetch()} />
            ) : words.data.items.length === 0 ? (
              <EmptyState
                icon={<ListFilter aria-hidden="true" className="size-7" />}
                title={t('words.empty')}
              />
            ) : (
              <DataTable
                columns={columns}
                rows={words.data.items}
                rowKey={(item) => item._id}
                caption={t('tabs.words')}
                testId="moderation-words-table"
              />
            )}
          </Card>
        </div>
        <Card className="h-fit space-y-3 p-4">
          <h2 className="text-[15px] font-semibold text-slate-900">{t('words.testHeading')}</h2>
          <TextArea
            label={t('words.testLabel')}
            value={sample}
            onChange={setSample}
            maxLength={2000}
            testId="moderation-test-text"
          />
          <Button
            variant="secondary"
            className="w-full"
            disabled={test.isPending || sample.trim() === ''}
            onClick={() => test.mutate()}
          >
            {t('words.test')}
          </Button>
          {verdict ? (
            <p
              role="status"
              data-testid="moderation-verdict"
              className={
                verdict.verdict === 'allow'
                  ? 'rounded-card bg-emerald-50 p-3 text-sm text-emerald-800'
                  : verdict.verdict === 'review'
                    ? 'rounded-card bg-amber-50 p-3 text-sm text-amber-800'
                    : 'rounded-card bg-red-50 p-3 text-sm text-red-800'
              }
            >
              {verdictText(verdict)}
              {verdict.labels.length > 0 ? (
                <bdi className="block text-xs opacity-80">{verdict.labels.join(', ')}</bdi>
              ) : null}
            </p>
          ) : null}
        </Card>
      </div>
    </ConsolePage>
  );
}

export const Component = ModerationWordsRoute;
