import { fileUrl, type UploadBucket } from '@app/contracts';
import { shareImageUrl, sizedImageUrl, thumbCssSizes } from '@app/contracts/wire/image-sizes.ts';
import { readAll, type Storage } from '../../providers/storage/storage.ts';
import type { JobType } from '../jobs/jobs.service.ts';
import { parseImageSuffix, renderVariant, variantName } from './media.images.ts';
import { originalStorageKey, variantStorageKey } from './media.keys.ts';

/** An uploaded image whose web copies are to be rendered: its bucket and key (`<id>/<name>`). */
export type WebVariantsData = { bucket: UploadBucket; key: string };

/**
 * The job that renders an uploaded image's web copies ahead of the first page that shows it (§9
 * doubled-size helper), so visitors of a freshly filled pavilion read stored copies instead of
 * spending the per-IP render limit. Two retries: a failure only means those copies render on demand.
 */
export const renderWebVariantsJob: JobType<WebVariantsData> = {
  name: 'media-render-web-variants',
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * The resize suffixes the web asks for (the query part of its picture URLs): every thumb size of the
 * §9 doubled-size helper, cropped (`cover`) and fitted (`contain`), and the share size. Built through
 * the web's own URL helpers, so both sides always name the same copies.
 */
export function webVariantSuffixes(): string[] {
  const url = fileUrl('image', '0/web-variants.png');
  const urls = thumbCssSizes.flatMap((size) => [
    sizedImageUrl(url, size, 'cover'),
    sizedImageUrl(url, size, 'contain'),
  ]);
  urls.push(shareImageUrl(url));
  return [...new Set(urls.map((each) => each.slice(each.indexOf('?') + 1)))];
}

/**
 * Renders and stores the copies named by `suffixes` (resize suffixes, as in a file URL's query) of
 * one image from its original `bytes`, skipping those already stored; copies share the keys of
 * on-demand renders (openFile), so each is rendered once. Not counted against any IP.
 * @returns the number of copies rendered
 * @throws 415 upload.type_rejected when `bytes` cannot be decoded
 */
export async function storeVariants(
  deps: { storage: Storage },
  image: WebVariantsData,
  bytes: Buffer,
  suffixes: readonly string[],
): Promise<number> {
  let rendered = 0;
  for (const suffix of suffixes) {
    const operation = parseImageSuffix(suffix);
    if (!operation) continue;
    const cacheKey = variantStorageKey(image.bucket, image.key, variantName(operation));
    const existing = await deps.storage.get(cacheKey);
    if (existing) {
      existing.body.destroy();
      continue;
    }
    const variant = await renderVariant(bytes, operation);
    await deps.storage.put(cacheKey, variant.bytes, variant.mime);
    rendered++;
  }
  return rendered;
}

/**
 * Renders and stores every web copy of one uploaded image that is not stored yet (storeVariants
 * with webVariantSuffixes), reading the original once.
 * @returns the number of copies rendered (0 when the original is gone or is not an image)
 * @throws 415 upload.type_rejected when the stored bytes cannot be decoded (the job then fails)
 */
export async function renderWebVariants(deps: { storage: Storage }, data: WebVariantsData): Promise<number> {
  const original = await deps.storage.get(originalStorageKey(data.bucket, data.key));
  if (!original) return 0;
  if (!original.mime.startsWith('image/')) {
    original.body.destroy();
    return 0;
  }
  const rendered = await storeVariants(deps, data, await readAll(original.body), webVariantSuffixes());
  // The original was deleted while we rendered (deleteUploadFiles, e.g. an ID-card photo after
  // recognition): our copies may have landed after its sweep, so remove them too.
  const still = await deps.storage.get(originalStorageKey(data.bucket, data.key));
  if (still) still.body.destroy();
  else await deleteWebVariants(deps, data);
  return rendered;
}

/** Deletes every web copy of one image (the copies renderWebVariants makes); missing ones are skipped. */
export async function deleteWebVariants(deps: { storage: Storage }, image: WebVariantsData): Promise<void> {
  for (const suffix of webVariantSuffixes()) {
    const operation = parseImageSuffix(suffix);
    if (operation)
      await deps.storage.delete(variantStorageKey(image.bucket, image.key, variantName(operation)));
  }
}
