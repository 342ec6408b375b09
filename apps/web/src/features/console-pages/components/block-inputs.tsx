import { textLimits } from '@app/contracts/wire/limits.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useImageUpload } from '../../../lib/api/upload-image.ts';
import { FlagBox } from './form-parts.tsx';

/** The inputs the block settings forms share: an image with upload, the §3 link fields, an item list. */

type Data = Record<string, unknown>;

/** An image address field with an upload button (the media upload of the console). */
export function ImageInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('console-pages');
  const { t: tc } = useTranslation('common');
  const { progress, upload } = useImageUpload('image', {
    onUploaded: onChange,
    onError: (error) => showToast(apiErrorMessage(error, tc)),
  });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field
        label={label}
        className="min-w-0 flex-1"
        type="url"
        inputMode="url"
        maxLength={textLimits.url}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
      />
      <ImagePicker
        shape="square"
        label={t('editor.upload')}
        hint={progress === null ? t('editor.upload') : t('editor.uploading')}
        progress={progress}
        onPick={upload}
        preview={
          value ? (
            <img src={value} alt="" className="h-12 w-20 rounded-lg object-cover ring-1 ring-slate-200" />
          ) : (
            <span className="flex h-12 w-20 items-center justify-center rounded-lg bg-slate-100 ring-1 ring-slate-200">
              <Plus aria-hidden="true" className="size-4 text-slate-500" />
            </span>
          )
        }
      />
    </div>
  );
}

/** The §3 link fields of an item: link, phone link, raw, open in the app on desktop and on phones. */
export function LinkInputs({ value, onChange }: { value: Data; onChange: (value: Data) => void }) {
  const { t } = useTranslation('console-pages');
  const text = (name: string) => (typeof value[name] === 'string' ? (value[name] as string) : '');
  const flag = (name: string) => (value[name] === 1 ? 1 : 0);
  return (
    <div className="grid gap-3 desk:grid-cols-2">
      <Field
        label={t('editor.link')}
        hint={t('editor.linkHint')}
        maxLength={textLimits.url}
        value={text('link')}
        onChange={(event) => onChange({ ...value, link: event.target.value })}
      />
      <Field
        label={t('editor.mobileLink')}
        maxLength={textLimits.url}
        value={text('mobile_link')}
        onChange={(event) => onChange({ ...value, mobile_link: event.target.value })}
      />
      <div className="flex flex-wrap gap-x-5 gap-y-2 desk:col-span-2">
        <FlagBox
          label={t('editor.raw')}
          value={flag('raw')}
          onChange={(raw) => onChange({ ...value, raw })}
        />
        <FlagBox
          label={t('editor.inFrame')}
          value={flag('open_link_in_frame')}
          onChange={(open_link_in_frame) => onChange({ ...value, open_link_in_frame })}
        />
        <FlagBox
          label={t('editor.mobileInFrame')}
          value={flag('mobile_open_link_in_frame')}
          onChange={(mobile_open_link_in_frame) => onChange({ ...value, mobile_open_link_in_frame })}
        />
      </div>
    </div>
  );
}

/** A list of link items (banner slides, buttons): each with its own fields, added and removed. */
export function ItemList({
  items,
  onChange,
  itemLabel,
  addLabel,
  render,
  empty,
}: {
  items: Data[];
  onChange: (items: Data[]) => void;
  itemLabel: (number: number) => string;
  addLabel: string;
  render: (item: Data, set: (item: Data) => void) => React.ReactNode;
  empty: Data;
}) {
  const { t } = useTranslation('console-pages');
  return (
    <div className="space-y-3">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids; their position is their identity while editing
        <fieldset key={index} className="space-y-3 rounded-card bg-slate-50 p-3 ring-1 ring-slate-200">
          <div className="flex items-center justify-between">
            <legend className="text-sm font-semibold text-slate-800">{itemLabel(index + 1)}</legend>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-600 hover:bg-red-50"
              onClick={() => onChange(items.filter((_, position) => position !== index))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('editor.removeItem')}
            </Button>
          </div>
          {render(item, (next) =>
            onChange(items.map((current, position) => (position === index ? next : current))),
          )}
        </fieldset>
      ))}
      <Button variant="secondary" size="sm" onClick={() => onChange([...items, empty])}>
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </Button>
    </div>
  );
}

export const emptyLink = {
  link: '',
  mobile_link: '',
  raw: 0,
  open_link_in_frame: 0,
  mobile_open_link_in_frame: 0,
};
