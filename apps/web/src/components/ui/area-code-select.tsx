import { useMemo } from 'react';
import { callingCodes } from '../../lib/calling-codes.ts';
import { useLanguage } from '../../lib/i18n.ts';

type AreaCodeSelectProps = { value: string; onChange: (code: string) => void; label: string };

/**
 * Calling-code picker for a phone input's start slot (+86 first, then every region by name in the
 * current language). A native select: the phone's own picker is the most usable on small screens
 * and in chat-app web views. `label` is its accessible name.
 */
export function AreaCodeSelect({ value, onChange, label }: AreaCodeSelectProps) {
  const language = useLanguage();
  const options = useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = undefined;
    }
    const list = callingCodes().map(({ region, code }) => ({
      key: region,
      code: String(code),
      label: `${names?.of(region) ?? region} +${code}`,
    }));
    list.sort((a, b) => a.label.localeCompare(b.label, language));
    const china = list.find((item) => item.key === 'CN');
    return china ? [china, ...list.filter((item) => item !== china)] : list;
  }, [language]);
  return (
    <span className="relative flex h-full items-center border-e border-slate-200 pe-2">
      <span aria-hidden="true" dir="ltr" className="pointer-events-none text-[16px] text-slate-900">
        +{value}
      </span>
      <select
        aria-label={label}
        value={options.find((option) => option.code === value)?.key ?? 'CN'}
        onChange={(event) => {
          const picked = options.find((option) => option.key === event.target.value);
          if (picked) onChange(picked.code);
        }}
        className="absolute inset-0 cursor-pointer opacity-0"
      >
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
