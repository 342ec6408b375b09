import { cx } from './cx.ts';

export type ChipOption = { value: string; label: string; color?: string | null | undefined };

type ChipsProps = {
  label: string;
  options: ChipOption[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  allLabel: string;
  className?: string;
};

/** A single-choice filter row that scrolls sideways on phones. */
export function Chips({ label, options, value, onChange, allLabel, className }: ChipsProps) {
  const chip = (isActive: boolean) =>
    cx(
      'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-sm whitespace-nowrap transition-colors',
      isActive
        ? 'bg-primary text-on-primary shadow-sm'
        : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50',
    );
  return (
    <fieldset className={cx('min-w-0', className)}>
      <legend className="sr-only">{label}</legend>
      <div className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 py-0.5 desk:mx-0 desk:flex-wrap desk:px-0">
        <button
          type="button"
          aria-pressed={value === undefined}
          className={chip(value === undefined)}
          onClick={() => onChange(undefined)}
        >
          {allLabel}
        </button>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={value === option.value}
            className={chip(value === option.value)}
            onClick={() => onChange(value === option.value ? undefined : option.value)}
          >
            {option.color ? (
              <span
                aria-hidden="true"
                className="size-2 rounded-full"
                style={{ backgroundColor: option.color }}
              />
            ) : null}
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
