import { textLimits } from '@app/contracts';
import { allLanguages, type Language } from '@app/domain';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { ImageField } from '../../../components/ui/image-field.tsx';
import { languageName } from '../../../lib/i18n.ts';
import { LocalizedInput } from './localized-input.tsx';
import type { DraftField, SettingsDraft } from './settings-draft.ts';

/** What each section of the settings form receives. */
export type SectionProps = {
  draft: SettingsDraft;
  set: (patch: Partial<SettingsDraft>) => void;
  errors: Partial<Record<DraftField, string>>;
};

/** A titled group of fields. */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card bg-white p-4 ring-1 ring-slate-200 desk:p-5">
      <h2 className="mb-4 text-[16px] font-semibold text-slate-900">{title}</h2>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** A labelled switch (checkbox) for a 0/1 flag. */
export function Toggle({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: number;
  onChange: (value: 0 | 1) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-primary"
        checked={value === 1}
        onChange={(event) => onChange(event.target.checked ? 1 : 0)}
      />
      <label htmlFor={id} className="flex flex-col">
        <span className="text-sm font-medium text-slate-800">{label}</span>
        {hint ? <span className="text-[13px] text-slate-500">{hint}</span> : null}
      </label>
    </div>
  );
}

/** A labelled select of a few options. */
export function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className="h-12 rounded-card bg-white px-3 text-[16px] text-slate-900 ring-1 ring-slate-200 focus:outline-none focus:ring-2 focus:ring-primary"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A colour (#rrggbb) as a swatch picker beside its text. */
function ColourField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <Field
      label={label}
      value={value}
      placeholder="#1f6feb"
      maxLength={7}
      dir="ltr"
      error={error}
      onChange={(event) => onChange(event.target.value.trim())}
      start={
        <input
          type="color"
          aria-label={label}
          className="size-8 shrink-0 cursor-pointer rounded border-0 bg-transparent p-0"
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#1f6feb'}
          onChange={(event) => onChange(event.target.value)}
        />
      }
    />
  );
}

/** General: title, domain, dates and time zone, cover, access, appointments. */
export function GeneralSection({ draft, set, errors }: SectionProps) {
  const { t } = useTranslation('console-meetings');
  const zones = useMemo(() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return [];
    }
  }, []);
  const zoneListId = useId();
  return (
    <div className="flex flex-col gap-4">
      <Group title={t('settings.groupIdentity')}>
        <LocalizedInput
          label={t('fields.title')}
          languages={draft.languages}
          value={draft.title}
          onChange={(title) => set({ title })}
          maxLength={textLimits.title}
          error={errors.title}
          testId="settings-title"
        />
        <Field
          label={t('fields.domain')}
          hint={t('fields.domainHint')}
          value={draft.domain}
          dir="ltr"
          maxLength={textLimits.hostname}
          error={errors.domain}
          onChange={(event) => set({ domain: event.target.value })}
        />
        <ImageField
          label={t('fields.cover')}
          hint={t('image.hint')}
          value={draft.cover}
          onChange={(cover) => set({ cover })}
        />
      </Group>
      <Group title={t('settings.groupDates')}>
        <div className="grid gap-4 desk:grid-cols-2">
          <Field
            label={t('fields.start')}
            type="datetime-local"
            value={draft.start}
            error={errors.start}
            onChange={(event) => set({ start: event.target.value })}
          />
          <Field
            label={t('fields.end')}
            type="datetime-local"
            value={draft.end}
            error={errors.end}
            onChange={(event) => set({ end: event.target.value })}
          />
        </div>
        <Field
          label={t('fields.timeZone')}
          hint={t('fields.timeZoneHint')}
          value={draft.timeZone}
          list={zoneListId}
          dir="ltr"
          maxLength={textLimits.timeZone}
          error={errors.timeZone}
          onChange={(event) => set({ timeZone: event.target.value })}
        />
        <datalist id={zoneListId}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </Group>
      <Group title={t('settings.groupAccess')}>
        <Toggle
          label={t('fields.loginRequired')}
          hint={t('fields.loginRequiredHint')}
          value={draft.limitsType}
          onChange={(limitsType) => set({ limitsType })}
        />
        <Toggle
          label={t('fields.allowGuestView')}
          hint={t('fields.allowGuestViewHint')}
          value={draft.allowGuestView}
          onChange={(allowGuestView) => set({ allowGuestView })}
        />
        <Toggle
          label={t('fields.appointments')}
          hint={t('fields.appointmentsHint')}
          value={draft.appointments}
          onChange={(appointments) => set({ appointments })}
        />
      </Group>
    </div>
  );
}

/** Languages and theme: enabled languages, colours, radius, home layout, ICP number. */
export function ThemeSection({ draft, set, errors }: SectionProps) {
  const { t } = useTranslation('console-meetings');
  const toggleLanguage = (language: Language, isOn: boolean) => {
    const next = isOn ? [...draft.languages, language] : draft.languages.filter((code) => code !== language);
    set({ languages: allLanguages.filter((code) => next.includes(code)) });
  };
  return (
    <div className="flex flex-col gap-4">
      <Group title={t('settings.groupLanguages')}>
        <fieldset>
          <legend className="mb-2 text-[13px] text-slate-500">{t('fields.languagesHint')}</legend>
          <div className="grid grid-cols-2 gap-2 desk:grid-cols-4">
            {allLanguages.map((language) => (
              <label key={language} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={draft.languages.includes(language)}
                  onChange={(event) => toggleLanguage(language, event.target.checked)}
                />
                <span lang={language}>{languageName(language)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {errors.languages ? (
          <p role="alert" className="text-[13px] text-red-600">
            {errors.languages}
          </p>
        ) : null}
      </Group>
      <Group title={t('settings.groupTheme')}>
        <ColourField
          label={t('fields.themeColor')}
          value={draft.themeColor}
          error={errors.themeColor}
          onChange={(themeColor) => set({ themeColor })}
        />
        <Toggle
          label={t('fields.followThemeColor')}
          value={draft.followThemeColor}
          onChange={(followThemeColor) => set({ followThemeColor })}
        />
        {draft.followThemeColor === 1 ? null : (
          <ColourField
            label={t('fields.mainButtonColor')}
            value={draft.mainButtonColor}
            error={errors.mainButtonColor}
            onChange={(mainButtonColor) => set({ mainButtonColor })}
          />
        )}
        <Field
          label={t('fields.mainButtonTheme')}
          hint={t('fields.mainButtonThemeHint')}
          value={draft.mainButtonTheme}
          maxLength={textLimits.label}
          onChange={(event) => set({ mainButtonTheme: event.target.value })}
        />
        <Select
          label={t('fields.borderRadius')}
          value={draft.borderRadius}
          options={[
            { value: '', label: t('fields.borderRadiusDefault') },
            { value: 'round', label: t('fields.borderRadiusRound') },
          ]}
          onChange={(borderRadius) => set({ borderRadius })}
        />
        <Select
          label={t('fields.blockMobileLayout')}
          value={draft.blockMobileLayout}
          options={[
            { value: '', label: t('fields.layoutList') },
            { value: 'grid9', label: t('fields.layoutGrid9') },
          ]}
          onChange={(blockMobileLayout) => set({ blockMobileLayout })}
        />
        <Field
          label={t('fields.icp')}
          value={draft.icp}
          maxLength={textLimits.label}
          onChange={(event) => set({ icp: event.target.value })}
        />
      </Group>
    </div>
  );
}

/** Wording and exhibition: exhibit/exhibition/exhibitor words, exhibitors shown, footer, images. */
export function WordingSection({ draft, set }: SectionProps) {
  const { t } = useTranslation('console-meetings');
  return (
    <div className="flex flex-col gap-4">
      <Group title={t('settings.groupWording')}>
        <LocalizedInput
          label={t('fields.exhibitTxt')}
          languages={draft.languages}
          value={draft.exhibitTxt}
          onChange={(exhibitTxt) => set({ exhibitTxt })}
          maxLength={textLimits.label}
        />
        <LocalizedInput
          label={t('fields.exhibitionTxt')}
          languages={draft.languages}
          value={draft.exhibitionTxt}
          onChange={(exhibitionTxt) => set({ exhibitionTxt })}
          maxLength={textLimits.label}
        />
        <LocalizedInput
          label={t('fields.exhibitorTxt')}
          languages={draft.languages}
          value={draft.exhibitorTxt}
          onChange={(exhibitorTxt) => set({ exhibitorTxt })}
          maxLength={textLimits.label}
        />
      </Group>
      <Group title={t('settings.groupExhibition')}>
        <Toggle
          label={t('fields.showExhibitor')}
          value={draft.showExhibitor}
          onChange={(showExhibitor) => set({ showExhibitor })}
        />
        <Select
          label={t('fields.powerby')}
          value={draft.powerby}
          options={[
            { value: '', label: t('fields.powerbyShown') },
            { value: 'link', label: t('fields.powerbyLink') },
            { value: 'hidden', label: t('fields.powerbyHidden') },
          ]}
          onChange={(powerby) => set({ powerby })}
        />
        <ImageField
          label={t('fields.mailLogo')}
          hint={t('image.hint')}
          value={draft.mailLogo}
          onChange={(mailLogo) => set({ mailLogo })}
        />
        <ImageField
          label={t('fields.invitationCover')}
          hint={t('image.hint')}
          value={draft.invitationCover}
          onChange={(invitationCover) => set({ invitationCover })}
        />
      </Group>
    </div>
  );
}

/** Sharing: the WeChat share card's title, description and cover. */
export function SharingSection({ draft, set }: SectionProps) {
  const { t } = useTranslation('console-meetings');
  return (
    <Group title={t('settings.groupSharing')}>
      <Field
        label={t('fields.wxShareTitle')}
        value={draft.wxShareTitle}
        maxLength={textLimits.title}
        onChange={(event) => set({ wxShareTitle: event.target.value })}
      />
      <Field
        label={t('fields.wxShareDesc')}
        value={draft.wxShareDesc}
        maxLength={textLimits.description}
        onChange={(event) => set({ wxShareDesc: event.target.value })}
      />
      <ImageField
        label={t('fields.wxShareCover')}
        hint={t('image.hint')}
        value={draft.wxShareCover}
        onChange={(wxShareCover) => set({ wxShareCover })}
      />
    </Group>
  );
}
