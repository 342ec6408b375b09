import type { LocalizedText } from '@app/contracts';
import type { RequestBody } from '../../../lib/api/client.ts';

/**
 * Form-body entries that change one language of a text (qs brackets, `title[zh]=…`) and keep the
 * others: a language map gets every key back with `lang`'s value replaced (`lang` '' or a plain
 * string replace the whole text).
 */
export function localizedEntries(
  name: string,
  original: LocalizedText,
  lang: string,
  value: string,
): RequestBody {
  if (typeof original === 'string' || lang === '') return { [name]: value };
  const entries: RequestBody = {};
  for (const [key, text] of Object.entries({ ...original, [lang]: value })) entries[`${name}[${key}]`] = text;
  return entries;
}
