import { useTranslation } from 'react-i18next';
import { cx } from './cx.ts';

type CharacterCountProps = {
  /** Characters typed so far (`value.length`, the unit `maxLength` and the server count). */
  length: number;
  /** The field's limit (textLimits from @app/contracts). */
  max: number;
  /** Give the same id to the field's `aria-describedby`: screen readers then hear the limit once. */
  id: string;
  className?: string;
};

/**
 * The visible "123 / 500" beside a long free-text field (§5: answers and descriptions at most 500
 * characters). The numbers are hidden from screen readers, which read 'Up to 500 characters' through
 * the field's description instead of a count on every keystroke. Amber from 90 % of the limit, red
 * over it (a value longer than the limit can only come from stored data typed before it).
 */
export function CharacterCount({ length, max, id, className }: CharacterCountProps) {
  const { t } = useTranslation('common');
  return (
    <span
      id={id}
      data-testid="character-count"
      className={cx(
        'text-xs tabular-nums',
        length > max ? 'text-red-600' : length >= max * 0.9 ? 'text-amber-600' : 'text-slate-400',
        className,
      )}
    >
      <span aria-hidden="true" dir="ltr">
        {t('text.counter', { length, max })}
      </span>
      <span className="sr-only">{t('text.limit', { max })}</span>
    </span>
  );
}
