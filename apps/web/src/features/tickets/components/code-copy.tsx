import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/ui/copy-text.ts';
import { cx } from '../../../components/ui/cx.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { groupCode } from './ticket-code.ts';

/**
 * A ticket code in groups of four, monospace and always left to right, with a copy button and the
 * clipboard success or failure toast (§8).
 */
export function CodeCopy({
  code,
  className,
  isLarge,
}: {
  code: string;
  className?: string;
  isLarge?: boolean;
}) {
  const { t } = useTranslation('tickets');
  const onCopy = async () => {
    const isCopied = await copyText(code).catch(() => false);
    showToast(isCopied ? t('code.copied') : t('code.copyFailed'));
  };
  return (
    <div className={cx('flex items-center justify-center gap-1.5', className)}>
      <code
        dir="ltr"
        data-testid="ticket-code"
        className={cx(
          'font-mono font-semibold whitespace-nowrap text-slate-800',
          isLarge ? 'text-[14px] tracking-wide' : 'text-[13px]',
        )}
      >
        {groupCode(code)}
      </code>
      <button
        type="button"
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void onCopy();
        }}
        aria-label={t('code.copy')}
        title={t('code.copy')}
        className="flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-primary"
      >
        <Copy aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
