import { createHash } from 'node:crypto';
import { fileUrl } from '@app/contracts';
import { sizedImageUrl, type ThumbCssSize } from '@app/contracts/wire/image-sizes.ts';
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import * as shapes from '@dicebear/shapes';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { originalStorageKey } from '../modules/media/media.keys.ts';
import { insertUploadThen } from '../modules/media/media.repository.ts';
import { uploads } from '../modules/media/media.tables.ts';
import { storeVariants } from '../modules/media/media.variants.ts';
import type { Storage } from '../providers/storage/storage.ts';

/**
 * Pictures of seeded people and companies (§3 Speaker photo, Enterprise logo), drawn by DiceBear
 * from the name: the same name always gets the same picture, on every machine and run. Speakers get
 * a Lorelei portrait, enterprises a Shapes mark (both styles CC0), each on a colour of the demo
 * palette. They are stored as PNG like an upload (an `uploads` row and the bytes in the storage
 * provider), so `/api/files/image/…` serves them with its resize suffixes.
 */

export type GeneratedImageKind = 'avatar' | 'logo';

/** Backgrounds (hex without '#'): soft tints that read on the white cards in both themes. */
const backgrounds = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7f0d8', 'fde68a'];

/** Pixel size of the stored PNG, as large as the other seeded images (the files route resizes down). */
const sizes: Record<GeneratedImageKind, number> = { avatar: 256, logo: 256 };

/**
 * Resized copies stored with each picture, as the files route would render them: the boxes of the
 * pages that show many at once (the pavilion's exhibitor cards, 64 CSS px). Hundreds of distinct
 * logos would otherwise be rendered on the first visits, beyond the per-IP render limit (§9).
 * Speaker portraits are shown unresized (the Avatar component).
 */
const listSizes: Record<GeneratedImageKind, readonly ThumbCssSize[]> = { avatar: [], logo: [64] };

/** The SVG of `name`'s picture of a kind. Pure and deterministic. */
export function generatedImageSvg(kind: GeneratedImageKind, name: string): string {
  const size = sizes[kind];
  const seed = name.trim().toLowerCase();
  if (kind === 'avatar')
    return createAvatar(lorelei, { seed, size, backgroundColor: backgrounds }).toString();
  return createAvatar(shapes, { seed, size }).toString();
}

/** Upload id and key of `name`'s picture: fixed by kind and name, so reruns find what is stored. */
export function generatedImageKey(kind: GeneratedImageKind, name: string): { id: string; key: string } {
  const digest = createHash('sha256').update(`seed-${kind}:${name.trim().toLowerCase()}`).digest('hex');
  const id = digest.slice(0, 24);
  return { id, key: `${id}/${kind}.png` };
}

/**
 * Renders `svg` to PNG with sharp and stores it as the upload `id` / `key` with the `suffixes` of its
 * resized copies, unless that upload row exists; answers its file URL. The row and the bytes are
 * written together (insertUploadThen): a seed rolled back leaves no row, and the next run writes both.
 * @throws what the storage provider throws (a seed fails whole)
 */
async function storeSeedPng(
  deps: { db: Database; storage: Storage },
  input: { id: string; key: string; svg: string; originalName: string; suffixes: string[] },
): Promise<string> {
  const { id, key } = input;
  const [existing] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  if (!existing) {
    const { data, info } = await sharp(Buffer.from(input.svg))
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true });
    await insertUploadThen(
      deps.db,
      {
        id,
        bucket: 'image',
        key,
        userId: null,
        meetingId: null,
        mime: 'image/png',
        size: data.length,
        width: info.width,
        height: info.height,
        originalName: input.originalName,
      },
      async () => {
        await deps.storage.put(originalStorageKey('image', key), data, 'image/png');
        if (input.suffixes.length > 0)
          await storeVariants(deps, { bucket: 'image', key }, data, input.suffixes);
      },
    );
  }
  return fileUrl('image', key);
}

/**
 * Stores `name`'s picture (rendered to PNG with sharp, with its list-size copies) unless its upload
 * row exists, and returns its file URL (`/api/files/image/<id>/<kind>.png`).
 * @throws what the storage provider throws (a seed fails whole)
 */
export async function storeGeneratedImage(
  deps: { db: Database; storage: Storage },
  kind: GeneratedImageKind,
  name: string,
): Promise<string> {
  const { id, key } = generatedImageKey(kind, name);
  const suffixes = listSizes[kind].map(
    (size) => sizedImageUrl(fileUrl('image', key), size).split('?')[1] ?? '',
  );
  return storeSeedPng(deps, {
    id,
    key,
    svg: generatedImageSvg(kind, name),
    originalName: `${kind}.png`,
    suffixes,
  });
}

/**
 * Stores a drawing of the demo (an SVG, e.g. the microsite's venue plan) as a PNG upload, once: the
 * upload id is fixed by `name`, so reruns find what is stored. Returns its file URL.
 * @throws what the storage provider throws (a seed fails whole)
 */
export async function storeSvgImage(
  deps: { db: Database; storage: Storage },
  name: string,
  svg: string,
): Promise<string> {
  const id = createHash('sha256').update(`seed-svg:${name}`).digest('hex').slice(0, 24);
  return storeSeedPng(deps, { id, key: `${id}/${name}.png`, svg, originalName: `${name}.png`, suffixes: [] });
}
