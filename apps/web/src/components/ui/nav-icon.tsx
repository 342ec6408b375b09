import type { LucideIcon } from 'lucide-react';
import { useEffect, useReducer } from 'react';
import { afterNextPaint } from '../../lib/after-paint.ts';

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

/** Icons that have arrived. */
const loaded = new Map<IconLoader, LucideIcon>();

/** The loader of an icon by the organiser's name (`calendar-days`, `map_pin`, `Info` …). */
function loaderOf(name: string | undefined): IconLoader {
  const key = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, '-');
  return icons[key] ?? icons[key.replace(/-.*$/, '')] ?? layoutGrid;
}

/**
 * A navigation entry's icon by the organiser's name (`calendar-days`, `map_pin`, `Info` …). An icon
 * not loaded yet is an empty box of the icon's size and downloads once the screen has painted: the
 * entries' labels are what the visitor reads first, and the icons' requests must not queue in front
 * of the screen's code and data. A failed download leaves the box empty.
 */
export function NavIcon({ name, className }: { name: string | undefined; className?: string }) {
  const load = loaderOf(name);
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  const isLoaded = loaded.has(load);
  useEffect(() => {
    if (isLoaded) return;
    let isShown = true;
    afterNextPaint()
      .then(load)
      .then((module) => {
        loaded.set(load, module.default);
        if (isShown) arrived();
      })
      .catch(() => undefined);
    return () => {
      isShown = false;
    };
  }, [load, isLoaded]);
  const Icon = loaded.get(load);
  return Icon ? (
    <Icon aria-hidden="true" className={className} />
  ) : (
    <span aria-hidden="true" className={className} />
  );
}
