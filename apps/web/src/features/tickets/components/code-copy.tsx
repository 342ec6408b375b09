import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { groupCode } from './ticket-code.ts';

/** Copies text to the clipboard; a hidden textarea where the Clipboard API is missing (web views). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const isCopied = document.execCommand('copy');
  area.remove();
  return isCopied;
}

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
