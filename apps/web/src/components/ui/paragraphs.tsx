import { paragraphs } from '../../lib/text.ts';
import { cx } from './cx.ts';

/** Pairs each paragraph with a key from its text (repeated paragraphs get a counter). */
function keyed(parts: string[]): [string, string][] {
  const seen = new Map<string, number>();
  return parts.map((part) => {
    const count = (seen.get(part) ?? 0) + 1;
    seen.set(part, count);
    return [`${count}:${part}`, part];
  });
}

/** Plain text as paragraphs; single line breaks are kept. Never renders HTML. */
export function Paragraphs({ text, className }: { text: string | null | undefined; className?: string }) {
  const parts = paragraphs(text);
  if (parts.length === 0) return null;
  return (
    <div
      className={cx(
        'space-y-3 text-[15px] leading-relaxed break-words whitespace-pre-line text-slate-700',
        className,
      )}
    >
      {keyed(parts).map(([key, part]) => (
        <p key={key} dir="auto">
          {part}
        </p>
      ))}
    </div>
  );
}
