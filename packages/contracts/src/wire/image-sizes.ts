/**
 * The one allow-list of resized image sizes (§9: resize suffix, doubled-size helper, share size 120),
 * shared by the server, which renders only these edges, and the web, which builds resized URLs only
 * through the helpers below. Kept free of zod and of every other module: the web's first script
 * imports it through the picture component.
 */

/**
 * Square picture boxes the web draws with a resized image (the Thumb component), in CSS pixels
 * (Tailwind `size-10` … `size-24`): schedule entries 40, appointment rows 44 and 56, the product
 * page's company 48, binding, collection and booking form 56, exhibitor cards and product matches 64,
 * the enterprise page 80, the manage page 96.
 */
export const thumbCssSizes = [40, 44, 48, 56, 64, 80, 96] as const;
export type ThumbCssSize = (typeof thumbCssSizes)[number];

/** Edge of the picture of a shared link (§9 share image size), pixels. */
export const shareImageSize = 120;

/**
 * Every width or height a resize suffix may name, pixels: each thumb size doubled (the §9
 * doubled-size helper, for 2× screens) and the share size. Ascending.
 */
export const imageEdges = [80, 88, 96, 112, 120, 128, 160, 192] as const;
export type ImageEdge = (typeof imageEdges)[number];

/** Whether `value` is one of {@link imageEdges}. */
export function isImageEdge(value: number): value is ImageEdge {
  return (imageEdges as readonly number[]).includes(value);
}

/** Files this app stores (and so can resize): `/api/files/<bucket>/<key>`. */
const storedFilePrefix = '/api/files/';

function withResize(url: string, mode: 1 | 2, edge: ImageEdge): string {
  if (!url.startsWith(storedFilePrefix) || url.includes('?')) return url;
  return `${url}?imageView2/${mode}/w/${edge}/h/${edge}`;
}

/**
 * The §9 doubled-size helper: the URL of a stored image resized for a square box of `cssSize` CSS
 * pixels at twice that many device pixels — `cover` crops to fill the box (imageView2 mode 1),
 * `contain` fits inside it (mode 2, never enlarged). Other URLs (another host, one with a query
 * already) come back unchanged.
 * @example sizedImageUrl('/api/files/image/<id>/logo.png', 56) === '/api/files/image/<id>/logo.png?imageView2/2/w/112/h/112'
 */
export function sizedImageUrl(
  url: string,
  cssSize: ThumbCssSize,
  fit: 'cover' | 'contain' = 'contain',
): string {
  return withResize(url, fit === 'cover' ? 1 : 2, (cssSize * 2) as ImageEdge);
}

/** A stored image cropped to the §9 share size (120×120), for the picture of a shared link. */
export function shareImageUrl(url: string): string {
  return withResize(url, 1, shareImageSize);
}
