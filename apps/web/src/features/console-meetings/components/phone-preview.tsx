import type { LocalizedText, MeetingConfig, MeetingExhibition } from '@app/contracts';
import { localize } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { defaultPrimary, normaliseHex, readableOn } from '../../../lib/theme.ts';

/** What the preview draws: the form's current values, not the saved ones. */
export type PreviewValues = {
  title: LocalizedText;
  cover: string;
  config: MeetingConfig;
  exhibition: MeetingExhibition;
  language: string;
};

const entryKeys = [
  'preview.entryAgenda',
  'preview.entrySpeakers',
  'preview.entryExhibitors',
  'preview.entryProducts',
  'preview.entryLive',
  'preview.entryNews',
  'preview.entryMap',
  'preview.entryTickets',
  'preview.entryContact',
] as const;

/**
 * A live mock of the meeting's home on a phone (§2 home, §3 config): the cover, the title, the home
 * entries as a 3×3 grid (`block_mobile_layout: 'grid9'`) or a list, the main button in its colour and
 * radius, and the powered-by footer. A faithful sketch drawn from the form, not the real app.
 */
export function PhonePreview({ values }: { values: PreviewValues }) {
  const { t } = useTranslation('console-meetings');
  const primary = normaliseHex(values.config.theme_color) ?? defaultPrimary;
  const button =
    values.config.follow_theme_color === 1
      ? primary
      : (normaliseHex(values.config.main_button_color) ?? primary);
  const isRound = values.config.border_radius === 'round';
  const isGrid = values.config.block_mobile_layout === 'grid9';
  const title = localize(values.title, values.language) || t('preview.untitled');
  const exhibitorWord = values.exhibition.exhibitor_txt
    ? localize(values.exhibition.exhibitor_txt, values.language)
    : '';
  const entries = entryKeys.map((key) =>
    key === 'preview.entryExhibitors' && exhibitorWord ? exhibitorWord : t(key),
  );
  const visible = values.exhibition.show_exhibitor === 0 ? entries.filter((_, i) => i !== 2) : entries;
  return (
    <figure
      className="mx-auto w-[270px] shrink-0"
      aria-label={t('preview.label')}
      data-testid="meeting-phone-preview"
    >
      <div className="overflow-hidden rounded-[36px] border-[10px] border-slate-900 bg-slate-50 shadow-xl">
        <div className="flex h-6 items-center justify-center bg-slate-900">
          <span className="h-1.5 w-16 rounded-full bg-slate-700" />
        </div>
        <div className="h-[500px] overflow-hidden">
          <div
            className="flex h-10 items-center justify-center px-3 text-[13px] font-semibold"
            style={{ backgroundColor: primary, color: readableOn(primary) }}
          >
            <span className="truncate">{title}</span>
          </div>
          {values.cover ? (
            <img src={values.cover} alt="" className="aspect-[16/9] w-full object-cover" />
          ) : (
            <div
              className="flex aspect-[16/9] w-full items-center justify-center text-[11px] text-white/90"
              style={{ backgroundColor: primary }}
            >
              {t('preview.noCover')}
            </div>
          )}
          <div className="px-3 pt-3">
            <p className="line-clamp-2 text-[14px] font-semibold text-slate-900">{title}</p>
          </div>
          {isGrid ? (
            <ul className="grid grid-cols-3 gap-2 p-3">
              {visible.slice(0, 9).map((label) => (
                <li
                  key={label}
                  className={`flex flex-col items-center gap-1 bg-white p-2 shadow-sm ${isRound ? 'rounded-2xl' : 'rounded-md'}`}
                >
                  <span
                    className="size-7 rounded-full"
                    style={{ backgroundColor: `${primary}26`, border: `2px solid ${primary}` }}
                  />
                  <span className="w-full truncate text-center text-[10px] text-slate-700">{label}</span>
                </li>
              ))}
            </ul>
          ) : (
            <ul className="flex flex-col gap-1.5 p-3">
              {visible.slice(0, 5).map((label) => (
                <li
                  key={label}
                  className={`flex items-center gap-2 bg-white px-2 py-1.5 shadow-sm ${isRound ? 'rounded-2xl' : 'rounded-md'}`}
                >
                  <span className="size-5 shrink-0 rounded" style={{ backgroundColor: primary }} />
                  <span className="truncate text-[11px] text-slate-700">{label}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="px-3">
            <span
              className={`flex h-9 items-center justify-center text-[12px] font-medium ${isRound ? 'rounded-full' : 'rounded-md'}`}
              style={{ backgroundColor: button, color: readableOn(button) }}
            >
              {t('preview.register')}
            </span>
          </div>
          {values.exhibition.powerby === 'hidden' ? null : (
            <p className="mt-3 text-center text-[10px] text-slate-400">{t('preview.poweredBy')}</p>
          )}
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-slate-500">{t('preview.caption')}</figcaption>
    </figure>
  );
}
