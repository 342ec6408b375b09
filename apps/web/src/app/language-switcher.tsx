import { enabledLanguages, type Language } from '@app/domain';
import { Check, Languages } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cx } from '../components/ui/cx.ts';
import { changeLanguage, languageName, useLanguage } from '../lib/i18n.ts';
import { useMeeting } from '../lib/meeting-context.ts';

/** Offers the meeting's enabled languages (§5), each named in its own script. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const meeting = useMeeting();
  const current = useLanguage();
  const [search, setSearch] = useSearchParams();
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const languages = enabledLanguages(meeting.config.language);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  if (languages.length < 2) return null;

  const choose = async (language: Language) => {
    setOpen(false);
    await changeLanguage(language);
    if (search.has('lang')) {
      const next = new URLSearchParams(search);
      next.set('lang', language);
      setSearch(next, { replace: true });
    }
  };

  return (
    <div ref={rootRef} className={cx('relative', className)}>
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={t('language.choose')}
        data-testid="language-switcher"
        onClick={() => setOpen((open) => !open)}
        className="inline-flex h-9 items-center gap-1.5 rounded-full px-2.5 text-sm text-slate-700 hover:bg-slate-100"
      >
        <Languages aria-hidden="true" className="size-[18px]" />
        <span className="max-w-[6rem] truncate">{languageName(current)}</span>
      </button>
      {isOpen ? (
        <div
          id={menuId}
          role="listbox"
          aria-label={t('language.label')}
          className="absolute end-0 top-full z-[3000] mt-2 max-h-[70vh] w-56 overflow-y-auto rounded-card bg-white p-1.5 shadow-xl ring-1 ring-slate-900/10"
        >
          {languages.map((language) => (
            <button
              key={language}
              type="button"
              role="option"
              lang={language}
              aria-selected={language === current}
              data-language={language}
              onClick={() => void choose(language)}
              className={cx(
                'flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-start text-[15px]',
                language === current
                  ? 'bg-primary/10 font-medium text-primary'
                  : 'text-slate-700 hover:bg-slate-50',
              )}
            >
              <span>{languageName(language)}</span>
              {language === current ? <Check aria-hidden="true" className="size-4" /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
