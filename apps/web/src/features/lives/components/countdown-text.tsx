import { useTranslation } from 'react-i18next';

/**
 * `2d 03:04:05` (days only when there are any): the days in the reading direction of the language,
 * the clock always left to right, so Arabic reads «2 يوم 03:04:05» without the digits swapping sides.
 */
export function CountdownText({
  days,
  clock,
  className,
  testId,
}: {
  days: number;
  clock: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation('lives');
  return (
    <span className={className} data-testid={testId}>
      {days > 0 ? <bdi>{t('countdown.days', { days })}</bdi> : null}
      {days > 0 ? ' ' : null}
      <span dir="ltr" className="tabular-nums">
        {clock}
      </span>
    </span>
  );
}
