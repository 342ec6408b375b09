import { Bot, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { copilotScreens } from '../console-copilot-screens.ts';

type Section = 'settings' | 'knowledge' | 'conversations' | 'usage';

/**
 * The copilot area's sections as links under the title (DESIGN §7): settings and knowledge need
 * copilot.settings, conversations and usage copilot.review; a section the caller's role lacks is
 * left out.
 */
export function CopilotSections({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('console-copilot');
  const { meeting } = useConsole();
  const actions = meeting?.actions ?? [];
  const sections: Section[] = [
    ...(actions.includes('copilot.settings') ? (['settings', 'knowledge'] as const) : []),
    ...(actions.includes('copilot.review') ? (['conversations', 'usage'] as const) : []),
  ];
  return (
    <nav
      aria-label={t('sections.label')}
      className="scrollbar-none -mx-4 mb-5 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 desk:mx-0 desk:px-0"
    >
      {sections.map((section) => (
        <NavLink
          key={section}
          to={copilotScreens[section](meetingId)}
          data-testid={`copilot-section-${section}`}
          className={({ isActive }) =>
            cx(
              '-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition',
              isActive
                ? 'border-primary text-primary'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )
          }
        >
          {t(`sections.${section}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** A card's heading with an optional line under it. */
export function CardTitle({ children, hint }: { children: ReactNode; hint?: string }) {
  return (
    <div>
      <h2 className="text-base font-semibold text-slate-900">{children}</h2>
      {hint ? <p className="mt-0.5 text-[13px] text-slate-500">{hint}</p> : null}
    </div>
  );
}

/**
 * What visitors see when they open the copilot (§1 copilot; §9 three default example questions): the
 * name, the prologue and the example questions, drawn from the form as it is being edited. Empty
 * fields show the defaults the public screen uses.
 */
export function CopilotPreview({
  name,
  title,
  description,
  questions,
  isEnabled,
}: {
  name: string;
  title: string;
  description: string;
  questions: string[];
  isEnabled: boolean;
}) {
  const { t } = useTranslation('console-copilot');
  const shown = questions.map((q) => q.trim()).filter(Boolean);
  const examples =
    shown.length > 0 ? shown : [t('preview.default1'), t('preview.default2'), t('preview.default3')];
  return (
    <figure data-testid="copilot-preview" className="space-y-2">
      <figcaption className="text-[13px] font-medium text-slate-500">{t('preview.title')}</figcaption>
      <div
        className={cx(
          'overflow-hidden rounded-card bg-white shadow-sm ring-1 ring-slate-200',
          !isEnabled && 'opacity-60',
        )}
      >
        <div className="flex items-center gap-2 bg-primary px-4 py-3 text-on-primary">
          <Bot aria-hidden="true" className="size-5 shrink-0" />
          <span className="min-w-0 truncate font-semibold" data-testid="copilot-preview-name">
            {name.trim() || t('preview.defaultName')}
          </span>
        </div>
        <div className="space-y-3 p-4">
          <div className="flex gap-2">
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="min-w-0">
              <p className="font-medium text-slate-900" data-testid="copilot-preview-title" dir="auto">
                {title.trim() || t('preview.defaultTitle')}
              </p>
              <p className="mt-1 text-[13px] whitespace-pre-line text-slate-600" dir="auto">
                {description.trim() || t('preview.defaultDescription')}
              </p>
            </div>
          </div>
          <ul className="space-y-2" data-testid="copilot-preview-questions">
            {examples.map((question, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: questions may repeat while typing
                key={index}
                className="rounded-card bg-slate-50 px-3 py-2 text-[13px] text-slate-700 ring-1 ring-slate-200"
                dir="auto"
              >
                {question}
              </li>
            ))}
          </ul>
          <div className="rounded-card px-3 py-2 text-[13px] text-slate-400 ring-1 ring-slate-200">
            {t('preview.composer')}
          </div>
        </div>
      </div>
      {isEnabled ? null : <p className="text-[12px] text-amber-700">{t('preview.disabled')}</p>}
    </figure>
  );
}

/** Money from micro-units (§9: prices per million tokens in micros of the currency). */
export function formatMicros(micros: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      maximumFractionDigits: 4,
    }).format(micros / 1_000_000);
  } catch {
    return `${(micros / 1_000_000).toFixed(4)} ${currency}`;
  }
}

/** The asker as the review shows it: the server's 'anonymous' (a device, no account) translated. */
export function askerName(asker: string, anonymous: string): string {
  return !asker || asker === 'anonymous' ? anonymous : asker;
}

/** A count with the locale's digit grouping. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A timestamp (unix seconds, ms or ISO text) in the meeting's time zone. */
export function formatWhen(value: number | string, timeZone: string, locale: string): string {
  const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
  if (!Number.isFinite(ms)) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}
