import { useEffect, useState } from 'react';

/**
 * A small number box for a weight (§9: heavier first): saves on blur or Enter when the value changed;
 * Escape puts the saved value back.
 */
export function WeightInput({
  label,
  value,
  onSave,
}: {
  label: string;
  value: number;
  onSave: (weight: number) => void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const next = Number.parseInt(text, 10);
    if (Number.isFinite(next) && next !== value) onSave(next);
    else setText(String(value));
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') setText(String(value));
      }}
      className="h-9 w-20 rounded-button bg-white px-2 text-end text-[14px] ring-1 ring-slate-200 focus:outline-none focus:ring-2 focus:ring-primary"
    />
  );
}
