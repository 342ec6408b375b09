import { enabledLanguages, type Language } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog, SelectField, TextArea } from '../../../components/ui/form-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import {
  type CopilotFaq,
  type CopilotFaqBody,
  copilotFaqsQuery,
  copilotMeetingQuery,
  idOf,
  useFaqWrites,
} from '../api/console-copilot-api.ts';
import { CopilotSections } from '../components/copilot-parts.tsx';

/** FAQ field limits (the server checks the same). */
const faqLimits = { question: 200, answer: 2000, weight: 1_000_000 };

type Editing = { id: string | null; body: CopilotFaqBody };

/**
 * `#/console/meetings/:meetingId/copilot/knowledge` (copilot.settings; §1 copilot: customer
 * service): the organiser's FAQ entries both engines search and cite — a table with language,
 * question, answer, enabled and weight; add and edit in a dialog, delete after confirming.
 */
function KnowledgeRoute() {
  const { t } = useTranslation('console-copilot');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const { meetingId = '' } = useParams();
  const faqs = useQuery(copilotFaqsQuery(meetingId));
  const meeting = useQuery(copilotMeetingQuery(meetingId));
  const languages = useMemo<Language[]>(
    () => enabledLanguages(meeting.data?.config.language as Record<string, unknown> | undefined),
    [meeting.data],
  );
  const { save, remove } = useFaqWrites(meetingId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CopilotFaq | null>(null);

  const blank = (): Editing => ({
    id: null,
    body: {
      language: languages.includes(language) ? language : (languages[0] ?? 'zh'),
      question: '',
      answer: '',
      enabled: 1,
      weight: 0,
    },
  });

  const columns = useMemo<DataColumn<CopilotFaq>[]>(
    () => [
      {
        id: 'question',
        header: t('faq.question'),
        cell: (faq) => (
          <span className="block max-w-md">
            <span className="block font-medium text-slate-900" dir="auto">
              {faq.question}
            </span>
            <span className="line-clamp-2 text-[13px] text-slate-500" dir="auto">
              {faq.answer}
            </span>
          </span>
        ),
      },
      {
        id: 'language',
        header: t('faq.language'),
        cell: (faq) => languageName(faq.language as Language) ?? faq.language,
        className: 'whitespace-nowrap',
      },
      {
        id: 'enabled',
        header: t('faq.enabled'),
        cell: (faq) =>
          faq.enabled ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-[12px] text-emerald-700 ring-1 ring-emerald-200">
              {t('faq.on')}
            </span>
          ) : (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[12px] text-slate-600">
              {t('faq.off')}
            </span>
          ),
        className: 'whitespace-nowrap',
      },
      { id: 'weight', header: t('faq.weight'), cell: (faq) => faq.weight, className: 'tabular-nums' },
      {
        id: 'actions',
        header: t('faq.actions'),
        className: 'text-end whitespace-nowrap',
        cell: (faq) => (
          <span className="inline-flex gap-1">
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('faq.edit')}
              data-testid="copilot-faq-edit"
              onClick={() =>
                setEditing({
                  id: idOf(faq._id),
                  body: {
                    language: faq.language,
                    question: faq.question,
                    answer: faq.answer,
                    enabled: faq.enabled,
                    weight: faq.weight,
                  },
                })
              }
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('faq.delete')}
              data-testid="copilot-faq-delete"
              onClick={() => setDeleting(faq)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </span>
        ),
      },
    ],
    [t],
  );

  const submit = () => {
    if (!editing) return;
    const body = {
      ...editing.body,
      question: editing.body.question.trim(),
      answer: editing.body.answer.trim(),
    };
    if (!body.question || !body.answer) {
      showToast(t('faq.required'));
      return;
    }
    save.mutate(
      { id: editing.id, body },
      {
        onSuccess: () => {
          setEditing(null);
          showToast(t('faq.saved'));
        },
        onError: (error) => showToast(apiErrorMessage(error, tc)),
      },
    );
  };

  const addButton = (
    <Button size="sm" onClick={() => setEditing(blank())} data-testid="copilot-faq-add">
      <Plus aria-hidden="true" className="size-4" />
      {t('faq.add')}
    </Button>
  );

  return (
    <ConsolePage
      title={t('title')}
      description={t('faq.description')}
      testId="console-copilot-knowledge"
      actions={addButton}
    >
      <CopilotSections meetingId={meetingId} />
      <Card>
        {faqs.isError ? (
          <ConsoleErrorState error={faqs.error} onRetry={() => void faqs.refetch()} />
        ) : faqs.isPending ? (
          <TableSkeleton rows={4} />
        ) : faqs.data.length === 0 ? (
          <EmptyState
            icon={<BookOpen aria-hidden="true" className="size-7" />}
            title={t('faq.empty')}
            description={t('faq.emptyHint')}
          />
        ) : (
          <DataTable
            columns={columns}
            rows={faqs.data}
            rowKey={(faq) => idOf(faq._id)}
            caption={t('faq.caption')}
            testId="copilot-faq-table"
          />
        )}
      </Card>
      <FormDialog
        isOpen={editing !== null}
        title={editing?.id ? t('faq.editTitle') : t('faq.addTitle')}
        submitLabel={t('save')}
        cancelLabel={t('cancel')}
        isBusy={save.isPending}
        onSubmit={submit}
        onCancel={() => setEditing(null)}
        testId="copilot-faq-dialog"
      >
        {editing ? (
          <>
            <SelectField
              label={t('faq.language')}
              value={editing.body.language}
              testId="copilot-faq-language"
              onChange={(value) => setEditing({ ...editing, body: { ...editing.body, language: value } })}
              options={languages.map((code) => ({ value: code, label: languageName(code) }))}
            />
            <Field
              label={t('faq.question')}
              name="faq-question"
              required
              maxLength={faqLimits.question}
              value={editing.body.question}
              onChange={(event) =>
                setEditing({ ...editing, body: { ...editing.body, question: event.target.value } })
              }
            />
            <TextArea
              label={t('faq.answer')}
              isRequired
              maxLength={faqLimits.answer}
              value={editing.body.answer}
              testId="copilot-faq-answer"
              onChange={(value) => setEditing({ ...editing, body: { ...editing.body, answer: value } })}
            />
            <div className="grid grid-cols-2 items-end gap-3">
              <Field
                label={t('faq.weight')}
                name="faq-weight"
                type="number"
                min={-faqLimits.weight}
                max={faqLimits.weight}
                hint={t('faq.weightHint')}
                value={String(editing.body.weight)}
                onChange={(event) =>
                  setEditing({
                    ...editing,
                    body: {
                      ...editing.body,
                      weight: Math.max(
                        -faqLimits.weight,
                        Math.min(faqLimits.weight, Math.trunc(Number(event.target.value) || 0)),
                      ),
                    },
                  })
                }
              />
              <label className="flex h-12 items-center gap-2 text-[14px] text-slate-800">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={editing.body.enabled === 1}
                  checked={editing.body.enabled === 1}
                  onChange={(event) =>
                    setEditing({
                      ...editing,
                      body: { ...editing.body, enabled: event.target.checked ? 1 : 0 },
                    })
                  }
                  className="size-5 accent-[var(--color-primary)]"
                />
                {t('faq.enabled')}
              </label>
            </div>
          </>
        ) : null}
      </FormDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('faq.deleteConfirm')}
        body={deleting?.question ?? ''}
        confirmLabel={t('faq.delete')}
        cancelLabel={t('cancel')}
        isBusy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(idOf(deleting._id), {
            onSuccess: () => {
              setDeleting(null);
              showToast(t('faq.deleted'));
            },
            onError: (error) => showToast(apiErrorMessage(error, tc)),
          });
        }}
      />
    </ConsolePage>
  );
}

export { KnowledgeRoute as Component };
