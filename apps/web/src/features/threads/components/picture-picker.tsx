import { threadLimits } from '@app/contracts/wire/thread-limits.ts';
import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { uploadImage } from '../../../lib/api/upload-image.ts';

/** Picture types a post may carry (§5: jpg or png). */
const acceptedTypes = ['image/jpeg', 'image/png'];

/**
 * The post box's pictures: up to 9 JPG or PNG files, each uploaded at once (§7 Upload) and shown as
 * a thumbnail with a remove button; another type is refused here with the §5 message before any
 * upload. Reports the uploaded URLs and whether an upload is still running.
 */
export function PicturePicker({
  urls,
  onChange,
  onBusyChange,
}: {
  urls: string[];
  onChange: (urls: string[]) => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const { t } = useTranslation('threads');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string>();

  const pick = async (files: File[]) => {
    setError(undefined);
    if (files.some((file) => !acceptedTypes.includes(file.type))) {
      setError(t('post.imageType'));
      return;
    }
    const room = threadLimits.images - urls.length;
    const chosen = files.slice(0, room);
    if (chosen.length === 0) return;
    setUploading(chosen.length);
    onBusyChange(true);
    const added: string[] = [];
    for (const file of chosen) {
      try {
        added.push((await uploadImage(file, 'image')).url);
      } catch {
        setError(t('post.uploadFailed'));
      }
      setUploading((left) => left - 1);
    }
    onBusyChange(false);
    onChange([...urls, ...added]);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <ul className="flex flex-wrap gap-2" aria-label={t('talk.images')}>
        {urls.map((url) => (
          <li key={url} className="relative">
            <Thumb src={url} name="" fit="cover" className="size-16" />
            <button
              type="button"
              onClick={() => onChange(urls.filter((other) => other !== url))}
              className="absolute -end-1.5 -top-1.5 flex size-6 items-center justify-center rounded-full bg-slate-800 text-white shadow"
              aria-label={t('post.removeImage')}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
        {urls.length + uploading < threadLimits.images ? (
          <li>
            <button
              type="button"
              onClick={() => input.current?.click()}
              disabled={uploading > 0}
              className="flex size-16 flex-col items-center justify-center gap-0.5 rounded-xl border border-dashed border-slate-300 text-[11px] text-slate-500 hover:bg-slate-50 disabled:opacity-60"
              data-testid="thread-add-image"
            >
              <ImagePlus aria-hidden="true" className="size-5" />
              {uploading > 0 ? t('post.uploading') : t('post.addImage')}
            </button>
            <input
              ref={input}
              type="file"
              accept={acceptedTypes.join(',')}
              multiple
              hidden
              data-testid="thread-image-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                void pick(files);
              }}
            />
          </li>
        ) : null}
      </ul>
      {error ? (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
