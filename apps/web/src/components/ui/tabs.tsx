import { type KeyboardEvent, useRef } from 'react';
import { cx } from './cx.ts';

export type TabItem = { value: string; label: string; sublabel?: string; badge?: string | undefined };

type TabsProps = {
  label: string;
  items: TabItem[];
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

/** Segmented tabs (day picker); arrow keys move between them. */
export function Tabs({ label, items, value, onChange, className }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const isRtl = document.documentElement.dir === 'rtl';
    const forward = (event.key === 'ArrowRight') !== isRtl;
    const next = items[(index + (forward ? 1 : -1) + items.length) % items.length];
    if (!next) return;
    onChange(next.value);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={cx('scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 desk:mx-0 desk:px-0', className)}
    >
      {items.map((item, index) => {
        const isSelected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            data-value={item.value}
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={() => onChange(item.value)}
            className={cx(
              'relative flex min-w-[4.5rem] shrink-0 flex-col items-center rounded-card px-3 py-2 transition-colors',
              isSelected
                ? 'bg-primary text-on-primary shadow-sm'
                : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
            )}
          >
            <span className={cx('text-xs', isSelected ? 'opacity-90' : 'text-slate-500')}>
              {item.sublabel}
            </span>
            <span className="text-[15px] font-semibold">{item.label}</span>
            {item.badge ? (
              <span
                className={cx(
                  'absolute -top-1.5 end-1 rounded-full px-1.5 text-[10px] font-semibold leading-4',
                  isSelected ? 'bg-white text-primary' : 'bg-primary text-on-primary',
                )}
              >
                {item.badge}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
