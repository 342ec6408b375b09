import type { RichTextWire } from '@app/contracts';
import { useEffect, useState } from 'react';
import { readRichText } from '../../lib/rich-text.ts';
import { cx } from './cx.ts';
import { SkeletonText } from './skeleton.tsx';

/**
 * Article typography for sanitised HTML (headings, lists, quotes, tables, images, code), written
 * with logical properties (`ms-`/`ps-`/`border-s`) so right-to-left articles read correctly.
 */
const articleClass = cx(
  'break-words text-[15px] leading-relaxed text-slate-700',
  '[&_p]:my-3 [&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:text-slate-900',
  '[&_h2]:mt-6 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:my-4 [&_blockquote]:border-s-4 [&_blockquote]:border-slate-200 [&_blockquote]:ps-4 [&_blockquote]:text-slate-600',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-500',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_pre]:text-sm',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-[0.9em]',
  '[&_hr]:my-6 [&_hr]:border-slate-200',
  '[&_table]:my-4 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm',
  '[&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-start',
);

/**
 * Renders rich text (§5) from its wire form: a short text at once, a chunked one after
 * `readRichText` has inflated it (a text skeleton meanwhile). The HTML is rendered as is because
 * the server sanitised it with an allow-list before storing it (modules/shared/rich-text.ts) —
 * never pass HTML from anywhere else to this component.
 *
 * @param value the RichTextWire of a response field (null/undefined renders nothing)
 * @param onError called when a chunk cannot be inflated (a corrupt response); nothing is rendered
 */
export function RichText({
  value,
  className,
  onError,
}: {
  value: RichTextWire | null | undefined;
  className?: string;
  onError?: (error: unknown) => void;
}) {
  const isInline = value == null || typeof value === 'string';
  const [html, setHtml] = useState<string | null>(isInline ? (value ?? '') : null);

  useEffect(() => {
    if (value == null || typeof value === 'string') {
      setHtml(value ?? '');
      return;
    }
    let isCurrent = true;
    setHtml(null);
    readRichText(value).then(
      (text) => {
        if (isCurrent) setHtml(text);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setHtml('');
        onError?.(error);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [value, onError]);

  const shown = isInline ? (value ?? '') : html;
  if (shown === null) return <SkeletonText lines={6} className={className} />;
  if (shown === '') return null;
  return (
    <div
      dir="auto"
      className={cx(articleClass, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before storing (modules/shared/rich-text.ts)
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
