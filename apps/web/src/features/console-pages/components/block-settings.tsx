import type { BlockType, Category } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { type Language, localize, textDirection } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { RichTextEditor } from '../../../components/ui/rich-text-editor.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { uploadImage } from '../../../lib/api/upload-image.ts';
import { languageName, useLanguage } from '../../../lib/i18n.ts';
import { emptyLink, ImageInput, ItemList, LinkInputs } from './block-inputs.tsx';
import { inputClass, Labelled, LocalizedInputs, textsOf } from './form-parts.tsx';
import { newPerformance, PlaybillSettings, VenueMapSettings } from './microsite-block-settings.tsx';

/** A block as the editor holds it: every text a language map, `key` only for React. */
export type EditorBlock = {
  key: string;
  type: BlockType;
  title: Record<string, string>;
  content: Record<string, string>;
  data: Record<string, unknown>;
};

type Data = Record<string, unknown>;

/**
 * The rich text of a `rich_text` block (§3 Page blocks): one TipTap editor per shown language, in
 * that language's direction, images uploaded to the `image` bucket. Each editor is keyed by block
 * and language, so opening another block or language loads that text afresh. The HTML goes to the
 * server as typed; the server sanitises it when the page is saved (§5).
 */
function RichTextInputs({
  blockKey,
  languages,
  value,
  onChange,
}: {
  blockKey: string;
  languages: readonly Language[];
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
}) {
  const { t } = useTranslation('console-pages');
  const { t: tc } = useTranslation('common');
  const upload = async (file: File): Promise<string> => {
    try {
      return (await uploadImage(file, 'image')).url;
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
      throw error;
    }
  };
  return (
    <div className="grid gap-3" data-testid="block-html">
      {languages.map((language) => {
        const label = t('editor.html', { language: languageName(language) });
        return (
          <div
            key={`${blockKey}-${language}`}
            className="flex flex-col gap-1.5"
            lang={language}
            data-language={language}
          >
            <span className="text-sm font-medium text-slate-700">{label}</span>
            <RichTextEditor
              value={value[language] ?? ''}
              onChange={(html) => onChange({ ...value, [language]: html })}
              onUploadImage={upload}
              label={label}
              dir={textDirection(language)}
            />
          </div>
        );
      })}
    </div>
  );
}

/** The default settings of a new block of each type (valid once its required fields are filled). */
export function newBlockData(type: BlockType): Data {
  switch (type) {
    case 'agenda':
    case 'speakers':
      return { limit: 6 };
    case 'banner':
      return { interval: 5, slides: [{ ...emptyLink, image: '', title: {} }] };
    case 'image':
      return { ...emptyLink, image: '', alt: {} };
    case 'buttons':
      return { items: [{ ...emptyLink, title: {} }] };
    case 'video':
      return { url: '', poster: '' };
    case 'venue_map':
      return { image: '', alt: {}, points: [] };
    case 'playbill':
      return { performances: [newPerformance()] };
    default:
      return {};
  }
}

/**
 * The settings form of one block: title per language, then what its type needs (text per language,
 * rich text in a TipTap editor whose HTML the server sanitises, slides, buttons, image, video, how
 * many sessions or speakers, which page sections), and its anchor.
 */
export function BlockSettings({
  block,
  languages,
  sections,
  onChange,
}: {
  block: EditorBlock;
  languages: readonly Language[];
  sections: Category[];
  onChange: (block: EditorBlock) => void;
}) {
  const { t } = useTranslation('console-pages');
  const display = useLanguage();
  const data = block.data;
  const setData = (next: Data) => onChange({ ...block, data: next });
  const text = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : '');
  const list = (name: string) => (Array.isArray(data[name]) ? (data[name] as Data[]) : []);

  return (
    <div className="space-y-4">
      {block.type === 'navigation' ? null : (
        <LocalizedInputs
          languages={languages}
          value={block.title}
          onChange={(title) => onChange({ ...block, title })}
          label={(language) => t('editor.blockTitle', { language })}
          maxLength={textLimits.title}
          testId="block-title"
        />
      )}
      {block.type === 'intro' ? (
        <LocalizedInputs
          languages={languages}
          value={block.content}
          onChange={(content) => onChange({ ...block, content })}
          label={(language) => t('editor.content', { language })}
          multiline
        />
      ) : null}
      {block.type === 'rich_text' ? (
        <RichTextInputs
          blockKey={block.key}
          languages={languages}
          value={block.content}
          onChange={(content) => onChange({ ...block, content })}
        />
      ) : null}
      {block.type === 'agenda' || block.type === 'speakers' ? (
        <Field
          label={t('editor.limit')}
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          className="max-w-48"
          value={String(data.limit ?? 6)}
          onChange={(event) => setData({ ...data, limit: Number(event.target.value) || 1 })}
        />
      ) : null}
      {block.type === 'banner' ? (
        <>
          <Field
            label={t('editor.interval')}
            type="number"
            inputMode="numeric"
            min={0}
            max={30}
            className="max-w-64"
            value={String(data.interval ?? 5)}
            onChange={(event) => setData({ ...data, interval: Number(event.target.value) || 0 })}
          />
          <ItemList
            items={list('slides')}
            onChange={(slides) => setData({ ...data, slides })}
            itemLabel={(number) => t('editor.slide', { number })}
            addLabel={t('editor.addSlide')}
            empty={{ ...emptyLink, image: '', title: {} }}
            render={(slide, set) => (
              <>
                <ImageInput
                  label={t('editor.image')}
                  value={typeof slide.image === 'string' ? slide.image : ''}
                  onChange={(image) => set({ ...slide, image })}
                />
                <LocalizedInputs
                  languages={languages}
                  value={textsOf(slide.title, languages)}
                  onChange={(title) => set({ ...slide, title })}
                  label={(language) => t('editor.caption', { language })}
                  maxLength={textLimits.title}
                />
                <LinkInputs value={slide} onChange={set} />
              </>
            )}
          />
        </>
      ) : null}
      {block.type === 'image' ? (
        <>
          <ImageInput
            label={t('editor.image')}
            value={text('image')}
            onChange={(image) => setData({ ...data, image })}
          />
          <LocalizedInputs
            languages={languages}
            value={textsOf(data.alt, languages)}
            onChange={(alt) => setData({ ...data, alt })}
            label={(language) => t('editor.alt', { language })}
            maxLength={textLimits.title}
          />
          <LinkInputs value={data} onChange={setData} />
        </>
      ) : null}
      {block.type === 'buttons' ? (
        <ItemList
          items={list('items')}
          onChange={(items) => setData({ ...data, items })}
          itemLabel={(number) => t('editor.item', { number })}
          addLabel={t('editor.addItem')}
          empty={{ ...emptyLink, title: {} }}
          render={(item, set) => (
            <>
              <LocalizedInputs
                languages={languages}
                value={textsOf(item.title, languages)}
                onChange={(title) => set({ ...item, title })}
                label={(language) => t('editor.itemTitle', { language })}
                maxLength={textLimits.title}
              />
              <LinkInputs value={item} onChange={set} />
            </>
          )}
        />
      ) : null}
      {block.type === 'sections' ? (
        <Labelled label={t('editor.parent')}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={text('parent_id')}
              onChange={(event) =>
                setData(
                  event.target.value ? { ...data, parent_id: event.target.value } : { anchor: data.anchor },
                )
              }
            >
              <option value="">{t('editor.parentTop')}</option>
              {sections
                .filter((section) => section.parent_id === null)
                .map((section) => (
                  <option key={section._id.$id} value={section._id.$id}>
                    {localize(section.title, display)}
                  </option>
                ))}
            </select>
          )}
        </Labelled>
      ) : null}
      {block.type === 'video' ? (
        <div className="grid gap-3 desk:grid-cols-2">
          <Field
            label={t('editor.videoUrl')}
            type="url"
            maxLength={textLimits.url}
            value={text('url')}
            onChange={(event) => setData({ ...data, url: event.target.value.trim() })}
          />
          <Field
            label={t('editor.poster')}
            type="url"
            maxLength={textLimits.url}
            value={text('poster')}
            onChange={(event) => setData({ ...data, poster: event.target.value.trim() })}
          />
        </div>
      ) : null}
      {block.type === 'venue_map' ? (
        <VenueMapSettings languages={languages} data={data} onChange={setData} />
      ) : null}
      {block.type === 'playbill' ? (
        <PlaybillSettings languages={languages} data={data} onChange={setData} />
      ) : null}
      <Field
        label={t('editor.anchor')}
        hint={t('editor.anchorHint')}
        className="max-w-64"
        maxLength={textLimits.label}
        pattern="[A-Za-z0-9_-]*"
        value={text('anchor')}
        onChange={(event) => setData({ ...data, anchor: event.target.value.replace(/[^A-Za-z0-9_-]/g, '') })}
      />
    </div>
  );
}
