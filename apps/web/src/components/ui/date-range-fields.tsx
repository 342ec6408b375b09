import { Field } from './field.tsx';

type DateRangeFieldsProps = {
  /** First day, `YYYY-MM-DD` (the input's value). */
  from: string;
  /** Last day, `YYYY-MM-DD`. */
  to: string;
  fromLabel: string;
  toLabel: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
};

/**
 * The two date inputs of a console report's range (revenue, copilot usage): side by side, each
 * bounding the other's picker so that the first day is never after the last. The report checks the
 * range itself (typed dates pass the bounds).
 */
export function DateRangeFields({
  from,
  to,
  fromLabel,
  toLabel,
  onFromChange,
  onToChange,
}: DateRangeFieldsProps) {
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 desk:max-w-xl">
      <Field
        label={fromLabel}
        type="date"
        value={from}
        max={to}
        onChange={(e) => onFromChange(e.target.value)}
      />
      <Field label={toLabel} type="date" value={to} min={from} onChange={(e) => onToChange(e.target.value)} />
    </div>
  );
}
