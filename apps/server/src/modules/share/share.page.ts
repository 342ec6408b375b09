import { type Language, textDirection } from '@app/domain';

/** What the share page shows to crawlers and, for a moment, to people. */
export type SharePageInput = {
  language: Language;
  title: string;
  description: string;
  siteName: string;
  /** Absolute URL of the 1200×630 card. */
  imageUrl: string;
  /** Absolute URL of this share page (og:url, canonical). */
  canonicalUrl: string;
  /** Absolute URL of the hash route people go on to. */
  landingUrl: string;
  /** "Open" link text in the page's language. */
  openLabel: string;
};

/** Text for HTML text or a double-quoted attribute: &, <, >, " and ' escaped, control characters dropped. */
export function escapeHtml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no place in a page
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;')
  );
}

/** `zh` → `zh_CN`-style og:locale (Open Graph wants language_TERRITORY). */
const ogLocales: Partial<Record<Language, string>> = {
  zh: 'zh_CN',
  en: 'en_US',
  ja: 'ja_JP',
  ko: 'ko_KR',
  es: 'es_ES',
  fr: 'fr_FR',
  de: 'de_DE',
  ru: 'ru_RU',
  ar: 'ar_AR',
  vi: 'vi_VN',
  id: 'id_ID',
  kk: 'kk_KZ',
  fil: 'tl_PH',
  hi: 'hi_IN',
  ms: 'ms_MY',
  it: 'it_IT',
  pt: 'pt_BR',
  pl: 'pl_PL',
  cs: 'cs_CZ',
  th: 'th_TH',
};

/**
 * A JSON string safe inside an inline `<script>`: `<`, `>`, `&` and the line separators are
 * escaped, so a `</script>` in the data cannot close the element.
 */
function scriptString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The server-rendered share page (§2 share links): Open Graph and Twitter card tags for chat apps
 * and crawlers (which do not run the app's script), then the hash route for people — a tiny inline
 * script, a meta refresh for browsers without script, and a visible link. Every value is escaped.
 * The inline script's hash goes into the page's Content-Security-Policy (see sharePageCsp).
 */
export function renderSharePage(input: SharePageInput): { html: string; script: string } {
  const e = escapeHtml;
  const script = `location.replace(${scriptString(input.landingUrl)})`;
  const html = `<!doctype html>
<html lang="${e(input.language)}" dir="${textDirection(input.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(input.title)}</title>
<meta name="description" content="${e(input.description)}">
<link rel="canonical" href="${e(input.canonicalUrl)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${e(input.siteName)}">
<meta property="og:title" content="${e(input.title)}">
<meta property="og:description" content="${e(input.description)}">
<meta property="og:url" content="${e(input.canonicalUrl)}">
<meta property="og:image" content="${e(input.imageUrl)}">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${e(input.title)}">
<meta property="og:locale" content="${e(ogLocales[input.language] ?? 'en_US')}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${e(input.title)}">
<meta name="twitter:description" content="${e(input.description)}">
<meta name="twitter:image" content="${e(input.imageUrl)}">
<meta http-equiv="refresh" content="0;url=${e(input.landingUrl)}">
<script>${script}</script>
<style>body{font-family:system-ui,sans-serif;text-align:center;padding:48px 16px}h1{font-size:20px}</style>
</head>
<body>
<h1>${e(input.title)}</h1>
<p><a href="${e(input.landingUrl)}">${e(input.openLabel)}</a></p>
</body>
</html>
`;
  return { html, script };
}
