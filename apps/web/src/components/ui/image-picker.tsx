import { Camera } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cx } from './cx.ts';

type ImagePickerProps = {
  /** What the image shows now (an avatar, a logo). */
  preview: ReactNode;
  /** Accessible name of the button, e.g. 'Change your photo'. */
  label: string;
  hint: string;
  /** 0..1 while an upload runs, else null (the button is then idle). */
  progress: number | null;
  onPick: (file: File) => void;
  /** Round (avatars) or rounded-square (logos) overlay. */
  shape: 'round' | 'square';
  testId?: string;
};

/**
 * Tap-to-change image with a camera badge, an upload progress overlay and a hidden file input for
 * JPEG, PNG, WebP and GIF (the types the server accepts). The input is cleared after each pick so
 * the same file can be chosen again.
 */
export function ImagePicker({ preview, label, hint, progress, onPick, shape, testId }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const corner = shape === 'round' ? 'rounded-full' : 'rounded-xl';
  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => input.current?.click()}
        className={cx(
          'relative focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          corner,
        )}
        aria-label={label}
        disabled={progress !== null}
      >
        {preview}
        <span
          className={cx(
            'absolute flex size-8 items-center justify-center rounded-full bg-primary text-on-primary ring-2 ring-white',
            shape === 'round' ? 'bottom-0 end-0' : '-bottom-1 -end-1',
          )}
        >
          <Camera aria-hidden="true" className="size-4" />
        </span>
        {progress !== null ? (
          <span
            role="progressbar"
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
            className={cx(
              'absolute inset-0 flex items-center justify-center bg-slate-900/50 text-sm font-semibold text-white',
              corner,
            )}
          >
            {Math.round(progress * 100)}%
          </span>
        ) : null}
      </button>
      <span className="text-[13px] text-slate-500">{hint}</span>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </div>
  );
}
