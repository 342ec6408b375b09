import type { ReceptionFormField, ReceptionPhase } from '@app/contracts';
import { enabledLanguages, type Language } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog, SelectField } from '../../../components/ui/form-dialog.tsx';
import { LanguageTabs } from '../../../components/ui/language-tabs.tsx';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import { meetingQueryOptions, savePhase } from '../api/console-reception-api.ts';

type Texts = Record<string, string>;
type FieldDraft = {
  key: string;
  type: ReceptionFormField['type'];
  label: Texts;
  options: string;
  required: boolean;
};
const fieldTypes = ['text', 'textarea', 'number', 'datetime', 'select', 'checkbox'] as const;

const textsOf = (value: ReceptionPhase['title'] | undefined): Texts =>
  typeof value === 'string' ? { en: value } : { ...(value ?? {}) };
const compact = (texts: Texts): Texts =>
  Object.fromEntries(
    Object.entries(texts)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

/**
 * Add or edit a phase (§3 Reception guest phase): title and description per language (LanguageTabs
 * over the meeting's languages), who works it (every receptionist or sub-role 1 / 2) and its form —
 * fields with key, type, label per language, choices and required.
 */
export function PhaseDialog({
  meetingId,
  phase,
  onSaved,
  onClose,
}: {
  meetingId: string;
  phase: ReceptionPhase | null;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('console-reception');
  const uiLanguage = useLanguage();
  const meeting = useQuery(meetingQueryOptions(meetingId));
  const enabled: Language[] = meeting.data
    ? enabledLanguages(meeting.data.config.language as Record<string, unknown> | undefined)
    : [];
  const languages = enabled.length > 0 ? enabled : [uiLanguage];
  const [tab, setTab] = useState<string>(
    languages.includes(uiLanguage) ? uiLanguage : (languages[0] ?? uiLanguage),
  );
  const active = languages.includes(tab as Language) ? tab : (languages[0] ?? uiLanguage);
  const [title, setTitle] = useState<Texts>(() => textsOf(phase?.title));
  const [description, setDescription] = useState<Texts>(() => textsOf(phase?.description));
  const [staffRole, setStaffRole] = useState<string>(phase?.staff_role ?? '');
  const [fields, setFields] = useState<FieldDraft[]>(
    () =>
      phase?.form.map((f) => ({
        key: f.key,
        type: f.type,
        label: textsOf(f.label),
        options: f.options
          .map((o) => (typeof o === 'string' ? o : (o[active] ?? Object.values(o)[0] ?? '')))
          .join('\n'),
        required: f.required === 1,
      })) ?? [],
  );
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);
  const setField = (index: number, patch: Partial<FieldDraft>) =>
    setFields((current) => current.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  const submit = async () => {
    if (Object.keys(compact(title)).length === 0) {
      setError(t('phases.titleRequired'));
      return;
    }
    const keys = fields.map((f) => f.key);
    if (keys.some((k) => !/^[a-z0-9_]{1,32}$/.test(k)) || new Set(keys).size !== keys.length) {
      setError(t('phases.keyInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await savePhase(meetingId, phase?._id.$id ?? null, {
        title: compact(title),
        description: compact(description),
        staff_role: staffRole,
        form: fields.map((f) => ({
          key: f.key,
          type: f.type,
          label: Object.keys(compact(f.label)).length > 0 ? compact(f.label) : f.key,
          options:
            f.type === 'select'
              ? f.options
                  .split('\n')
                  .map((o) => o.trim())
                  .filter((o) => o !== '')
              : [],
          required: f.required ? 1 : 0,
        })),
      });
      onSaved();
    } catch {
      setError(t('errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      isOpen
      title={phase ? t('phases.editTitle') : t('phases.newTitle')}
      submitLabel={t('save')}
      cancelLabel={t('cancel')}
      isBusy={isBusy}
      onSubmit={() => void submit()}
      onCancel={onClose}
      testId="reception-phase-dialog"
    >
      {languages.length > 1 ? (
        <LanguageTabs
          languages={languages}
          value={active}
          onChange={setTab}
          labelOf={(code) => languageName(code as Language)}
          isWritten={(code) => Boolean(title[code]?.trim())}
          label={t('phases.languages')}
          writtenLabel={t('phases.written')}
          testIdPrefix="reception-phase-lang-"
        />
      ) : null}
      <Field
        label={t('phases.name')}
        value={title[active] ?? ''}
        maxLength={200}
        onChange={(e) => setTitle({ ...title, [active]: e.target.value })}
        data-testid="reception-phase-title"
      />
      <Field
        label={t('phases.description')}
        value={description[active] ?? ''}
        maxLength={500}
        onChange={(e) => setDescription({ ...description, [active]: e.target.value })}
      />
      <SelectField
        label={t('phases.staffRole')}
        value={staffRole}
        onChange={setStaffRole}
        options={[
          { value: '', label: t('phases.anyRole') },
          { value: '1', label: t('phases.role1') },
          { value: '2', label: t('phases.role2') },
        ]}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('phases.form')}</legend>
        {fields.map((field, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: fields have no id until saved; keys may be edited
            key={index}
            className="space-y-2 rounded-card p-3 ring-1 ring-slate-200"
            data-testid="reception-form-field"
          >
            <div className="grid grid-cols-2 gap-2">
              <Field
                label={t('phases.fieldKey')}
                value={field.key}
                maxLength={32}
                dir="ltr"
                onChange={(e) =>
                  setField(index, { key: e.target.value.toLowerCase().replace(/[^a-z0-9_]/g, '_') })
                }
                data-testid="reception-field-key"
              />
              <SelectField
                label={t('phases.fieldType')}
                value={field.type}
                onChange={(type) => setField(index, { type: type as FieldDraft['type'] })}
                options={fieldTypes.map((type) => ({ value: type, label: t(`phases.type.${type}`) }))}
              />
            </div>
            <Field
              label={t('phases.fieldLabel')}
              value={field.label[active] ?? ''}
              maxLength={100}
              onChange={(e) => setField(index, { label: { ...field.label, [active]: e.target.value } })}
              data-testid="reception-field-label"
            />
            {field.type === 'select' ? (
              <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
                {t('phases.fieldOptions')}
                <textarea
                  value={field.options}
                  rows={3}
                  onChange={(e) => setField(index, { options: e.target.value })}
                  className="rounded-card bg-white p-3 text-[16px] font-normal text-slate-900 outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-primary"
                />
              </label>
            ) : null}
            <div className="flex items-center justify-between">
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={field.required}
                  onChange={(e) => setField(index, { required: e.target.checked })}
                  className="size-4"
                />
                {t('phases.fieldRequired')}
              </label>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setFields(fields.filter((_, i) => i !== index))}
                aria-label={t('phases.removeField')}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            setFields([
              ...fields,
              { key: `field_${fields.length + 1}`, type: 'text', label: {}, options: '', required: false },
            ])
          }
          data-testid="reception-add-field"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('phases.addField')}
        </Button>
      </fieldset>
      {error ? (
        <p role="alert" className="text-[13px] text-red-600">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}
