import type { ConsoleCategory, ConsoleExhibitor, LocalizedText } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { FormDialog, SelectField } from '../../../components/ui/form-dialog.tsx';
import type { RequestBody } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

/** What the edit dialog saves: the exhibitor's fields and the enterprise's, each only when changed. */
export type EnterpriseEdit = {
  exhibitor: {
    booth?: string;
    weight?: number;
    exhibitor_group_category_id?: string;
    industry_category_id?: string;
  };
  enterprise: RequestBody;
};

/** The languages a title is edited in: those it has, else the display language. */
function titleLanguages(title: LocalizedText, language: string): string[] {
  if (typeof title === 'string') return [];
  const keys = Object.keys(title);
  return keys.length > 0 ? keys : [language];
}

/**
 * The edit dialog of an exhibitor (DESIGN §7): the enterprise's title (one field per language of a
 * language map, §3), website, phone and e-mail, and the exhibitor's booth, exhibitor group, industry
 * and weight (§9 order). Only changed fields are sent.
 */
export function EnterpriseDialog({
  exhibitor,
  categories,
  isBusy,
  onSave,
  onCancel,
}: {
  exhibitor: ConsoleExhibitor;
  categories: ConsoleCategory[];
  isBusy: boolean;
  onSave: (edit: EnterpriseEdit) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('console-exhibitors');
  const language = useLanguage();
  const languages = titleLanguages(exhibitor.title, language);
  const [titles, setTitles] = useState<Record<string, string>>(() =>
    typeof exhibitor.title === 'string'
      ? { '': exhibitor.title }
      : Object.fromEntries(
          languages.map((key) => [key, (exhibitor.title as Record<string, string>)[key] ?? '']),
        ),
  );
  const [website, setWebsite] = useState(exhibitor.website);
  const [phone, setPhone] = useState(exhibitor.phone);
  const [email, setEmail] = useState(exhibitor.email);
  const [booth, setBooth] = useState(exhibitor.booth);
  const [weight, setWeight] = useState(String(exhibitor.weight));
  const [groupId, setGroupId] = useState(exhibitor.exhibitor_group_category_id?.$id ?? '');
  const [industryId, setIndustryId] = useState(exhibitor.industry_category_id?.$id ?? '');

  const optionsOf = (type: ConsoleCategory['type']) => [
    { value: '', label: t('exhibitors.none') },
    ...categories
      .filter((category) => category.type === type)
      .map((category) => ({ value: category._id.$id, label: localize(category.title, language) })),
  ];

  const save = () => {
    const enterprise: RequestBody = {};
    const isTitleChanged =
      typeof exhibitor.title === 'string'
        ? titles[''] !== exhibitor.title
        : languages.some((key) => titles[key] !== (exhibitor.title as Record<string, string>)[key]);
    if (isTitleChanged) {
      if (typeof exhibitor.title === 'string') enterprise.title = titles[''] ?? '';
      else for (const key of languages) enterprise[`title[${key}]`] = titles[key] ?? '';
    }
    if (website !== exhibitor.website) enterprise.website = website;
    if (phone !== exhibitor.phone) enterprise.phone = phone;
    if (email !== exhibitor.email) enterprise.email = email;
    const weightValue = Number.parseInt(weight, 10);
    onSave({
      enterprise,
      exhibitor: {
        ...(booth !== exhibitor.booth ? { booth } : {}),
        ...(Number.isFinite(weightValue) && weightValue !== exhibitor.weight ? { weight: weightValue } : {}),
        ...(groupId !== (exhibitor.exhibitor_group_category_id?.$id ?? '')
          ? { exhibitor_group_category_id: groupId }
          : {}),
        ...(industryId !== (exhibitor.industry_category_id?.$id ?? '')
          ? { industry_category_id: industryId }
          : {}),
      },
    });
  };

  return (
    <FormDialog
      isOpen
      title={t('exhibitors.editTitle')}
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      isBusy={isBusy}
      onSubmit={save}
      onCancel={onCancel}
      testId="console-enterprise-dialog"
    >
      {Object.keys(titles).map((key) => (
        <Field
          key={key || 'title'}
          label={key ? t('exhibitors.titleIn', { language: key }) : t('exhibitors.name')}
          value={titles[key] ?? ''}
          maxLength={textLimits.title}
          required={key === '' || key === languages[0]}
          onChange={(event) => setTitles((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
      <Field
        label={t('exhibitors.booth')}
        value={booth}
        maxLength={textLimits.label}
        onChange={(event) => setBooth(event.target.value)}
      />
      <SelectField
        label={t('exhibitors.group')}
        value={groupId}
        onChange={setGroupId}
        options={optionsOf('exhibitor_group')}
      />
      <SelectField
        label={t('exhibitors.industry')}
        value={industryId}
        onChange={setIndustryId}
        options={optionsOf('industry')}
      />
      <Field
        label={t('exhibitors.weight')}
        hint={t('exhibitors.weightHint')}
        type="number"
        inputMode="numeric"
        value={weight}
        onChange={(event) => setWeight(event.target.value)}
      />
      <Field
        label={t('exhibitors.website')}
        type="url"
        dir="ltr"
        value={website}
        maxLength={textLimits.url}
        onChange={(event) => setWebsite(event.target.value)}
      />
      <Field
        label={t('exhibitors.phone')}
        type="tel"
        dir="ltr"
        value={phone}
        maxLength={textLimits.phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <Field
        label={t('exhibitors.email')}
        type="email"
        dir="ltr"
        value={email}
        maxLength={textLimits.email}
        onChange={(event) => setEmail(event.target.value)}
      />
    </FormDialog>
  );
}
