import type { LucideIcon } from 'lucide-react';
import { type LazyExoticComponent, lazy, Suspense } from 'react';

type IconLoader = () => Promise<{ default: LucideIcon }>;

/**
 * Icons that organisers can name on navigation entries; unknown names get a grid icon. Each loads on
 * its own when an entry names it: a meeting uses a few of them, and the set stays out of the first
 * script (DESIGN §10). Icons the shell already shows (calendar, mic, building) cost no request.
 */
const calendarDays: IconLoader = () => import('lucide-react/icons/calendar-days');
const clock: IconLoader = () => import('lucide-react/icons/clock');
const mic: IconLoader = () => import('lucide-react/icons/mic');
const users: IconLoader = () => import('lucide-react/icons/users');
const info: IconLoader = () => import('lucide-react/icons/info');
const mapPin: IconLoader = () => import('lucide-react/icons/map-pin');
const video: IconLoader = () => import('lucide-react/icons/video');
const ticket: IconLoader = () => import('lucide-react/icons/ticket');
const building: IconLoader = () => import('lucide-react/icons/building-complex');
const fileText: IconLoader = () => import('lucide-react/icons/file-text');
const globe: IconLoader = () => import('lucide-react/icons/globe');
const layoutGrid: IconLoader = () => import('lucide-react/icons/layout-grid');

const icons: Record<string, IconLoader> = {
  agenda: calendarDays,
  calendar: calendarDays,
  schedule: clock,
  clock,
  speaker: mic,
  speakers: mic,
  mic,
  users,
  people: users,
  info,
  about: info,
  intro: info,
  map: mapPin,
  venue: mapPin,
  'map-pin': mapPin,
  news: () => import('lucide-react/icons/newspaper'),
  live: video,
  video,
  ticket,
  tickets: ticket,
  star: () => import('lucide-react/icons/star'),
  chat: () => import('lucide-react/icons/message-circle'),
  message: () => import('lucide-react/icons/message-circle'),
  exhibitor: building,
  exhibitors: building,
  building,
  doc: fileText,
  docs: fileText,
  file: fileText,
  book: () => import('lucide-react/icons/book-open'),
  link: () => import('lucide-react/icons/link'),
  globe,
  web: globe,
  website: globe,
};

/** Icons that have arrived, rendered without a Suspense round. */
const loaded = new Map<IconLoader, LucideIcon>();
const components = new Map<IconLoader, LazyExoticComponent<LucideIcon>>();

/** Downloads an icon once (the module loader keeps it) and remembers it when it arrives. */
function fetchIcon(load: IconLoader): Promise<{ default: LucideIcon }> {
  return load().then((module) => {
    loaded.set(load, module.default);
    return module;
  });
}

function iconComponent(load: IconLoader): LazyExoticComponent<LucideIcon> {
  let component = components.get(load);
  if (!component) {
    component = lazy(() => fetchIcon(load));
    components.set(load, component);
  }
  return component;
}

/** The loader of an icon by the organiser's name (`calendar-days`, `map_pin`, `Info` …). */
function loaderOf(name: string | undefined): IconLoader {
  const key = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, '-');
  return icons[key] ?? icons[key.replace(/-.*$/, '')] ?? layoutGrid;
}

/**
 * Starts the download of the icons these entries name as soon as the entries arrive (the home's
 * prefetch), not one round trip after the grid first rendered: the grid then finds them loaded.
 * Never waits; a failed download is left to the grid's own attempt.
 */
export function preloadNavIcons(names: (string | undefined)[]): void {
  for (const load of new Set(names.map(loaderOf))) {
    if (!loaded.has(load)) fetchIcon(load).catch(() => undefined);
  }
}

/** A navigation entry's icon by the organiser's name (`calendar-days`, `map_pin`, `Info` …). */
export function NavIcon({ name, className }: { name: string | undefined; className?: string }) {
  const load = loaderOf(name);
  const Ready = loaded.get(load);
  if (Ready) return <Ready aria-hidden="true" className={className} />;
  const Icon = iconComponent(load);
  // The icon's box while it loads: the entry keeps its size.
  return (
    <Suspense fallback={<span aria-hidden="true" className={className} />}>
      <Icon aria-hidden="true" className={className} />
    </Suspense>
  );
}
