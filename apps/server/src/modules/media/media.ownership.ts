import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from './media.tables.ts';

/** The upload key of a URL of ours in the image bucket (`/api/files/image/<key>`), or null. */
export function imageKeyOf(url: string): string | null {
  const match = /^\/api\/files\/image\/([^?#]+)$/.exec(url);
  if (!match?.[1]) return null;
  try {
    return match[1].split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/**
 * §5 "images jpg or png" for what users post (demands, threads): the position of the first of
 * `urls` that is not an upload of `userId` in the image bucket stored as one of `mimes` — the type
 * the upload's bytes decided, not its name — or -1 when every one is. Another person's upload, an
 * outside address or a GIF renamed .jpg all count as not.
 */
export async function firstImageNotOwnUpload(
  db: Database,
  input: { userId: string; urls: readonly string[]; mimes?: readonly string[] },
): Promise<number> {
  if (input.urls.length === 0) return -1;
  const mimes = input.mimes ?? ['image/jpeg', 'image/png'];
  const keys = input.urls.map(imageKeyOf);
  const wanted = keys.filter((key): key is string => key !== null);
  const found =
    wanted.length === 0
      ? []
      : await db
          .select({ key: uploads.key, userId: uploads.userId, mime: uploads.mime })
          .from(uploads)
          .where(and(eq(uploads.bucket, 'image'), inArray(uploads.key, wanted)));
  const byKey = new Map(found.map((upload) => [upload.key, upload]));
  return keys.findIndex((key) => {
    const upload = key ? byKey.get(key) : undefined;
    return !(upload?.userId === input.userId && mimes.includes(upload.mime));
  });
}
