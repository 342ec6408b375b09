import type { Language } from '@app/domain';
import type activities from './locales/en/activities.json';
import type agendas from './locales/en/agendas.json';
import type appointments from './locales/en/appointments.json';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type exhibitors from './locales/en/exhibitors.json';
import type meetings from './locales/en/meetings.json';
import type schedules from './locales/en/schedules.json';
import type speakers from './locales/en/speakers.json';
import type tickets from './locales/en/tickets.json';
import type users from './locales/en/users.json';

/**
 * UI catalogues (DESIGN §2, §4.9): one JSON file per language and namespace under
 * `locales/<lang>/<namespace>.json`. `en` defines the key type; catalogues.test.ts fails when another
 * locale misses a key or placeholder, has an extra key or an empty value.
 */

/** Namespaces, one per web feature plus `common` (shell, states, shared words). */
export const namespaces = [
  'common',
  'meetings',
  'agendas',
  'speakers',
  'auth',
  'users',
  'exhibitors',
  'activities',
  'tickets',
  'appointments',
  'schedules',
] as const;
export type Namespace = (typeof namespaces)[number];

/** Catalogues the server writes with (SMS and e-mail texts); never loaded by the web app. */
export const serverNamespaces = ['messages'] as const;

/**
 * Namespaces loaded with the first screen; the others load when a page asks for them. Keep in step with
 * the startup glob in `loadCatalogue` and the exclusions in later-catalogues.ts.
 */
export const startupNamespaces: readonly Namespace[] = ['common', 'meetings', 'agendas', 'speakers'];

export const defaultNamespace: Namespace = 'common';

/** The catalogue types, taken from `en`. */
export type Resources = {
  common: typeof common;
  meetings: typeof meetings;
  agendas: typeof agendas;
  speakers: typeof speakers;
  auth: typeof auth;
  users: typeof users;
  exhibitors: typeof exhibitors;
  activities: typeof activities;
  tickets: typeof tickets;
  appointments: typeof appointments;
  schedules: typeof schedules;
};

/** A catalogue as loaded: nested objects of strings. */
export type Catalogue = { [key: string]: string | Catalogue };

/**
 * Loads one namespace of one language. Catalogues are emitted as plain JSON files (not JS chunks) and
 * fetched on demand, so a page downloads only the active language's catalogues.
 *
 * @throws Error when the language or namespace has no catalogue, or it cannot be fetched
 */
export async function loadCatalogue(language: Language, namespace: Namespace): Promise<Catalogue> {
  // Only the startup namespaces' URLs ship with the first script; the others' map is its own chunk,
  // fetched with the first page that asks for one (the home page's JS budget, DESIGN §5).
  const startupUrls = import.meta.glob<string>(
    ['./*/common.json', './*/meetings.json', './*/agendas.json', './*/speakers.json'],
    { base: './locales', query: '?url', import: 'default', eager: true },
  );
  const file = `./${language}/${namespace}.json`;
  const url = startupUrls[file] ?? (await import('./later-catalogues.ts')).laterCatalogueUrls[file];
  if (!url) throw new Error(`No catalogue ${language}/${namespace}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Catalogue ${language}/${namespace} answered ${response.status}`);
  return (await response.json()) as Catalogue;
}
