import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api/error-message.ts';
import { useImageUpload } from '../../lib/api/upload-image.ts';
import { Button } from './button.tsx';
import { ImagePicker } from './image-picker.tsx';
import { showToast } from './toast.tsx';

/**
 * An image of the meeting (cover, share cover, mail logo, invitation cover, vote cover): upload,
 * preview, remove. Used by several console areas; its two labels live in the console-meetings catalogue.
 */
export function ImageField({
  label,
  hint,
  value,
  onChange,
  testId,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (url: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('console-meetings');
  const { t: tc } = useTranslation('common');
  const { progress, upload } = useImageUpload('image', {
    onUploaded: onChange,
    onError: (error) => showToast(apiErrorMessage(error, tc)),
  });
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <div className="flex flex-wrap items-center gap-4">
        <ImagePicker
          shape="square"
          label={label}
          hint={hint}
          progress={progress}
          onPick={upload}
          preview={
            value ? (
              <img src={value} alt="" className="h-20 w-32 rounded-xl object-cover ring-1 ring-slate-200" />
            ) : (
              <span className="flex h-20 w-32 items-center justify-center rounded-xl bg-slate-100 text-xs text-slate-500 ring-1 ring-slate-200">
                {t('image.none')}
              </span>
            )
          }
        />
        {value ? (
          <Button variant="secondary" size="sm" onClick={() => onChange('')}>
            {t('image.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
