import {
  BookOpen,
  Building2,
  CalendarDays,
  Clock,
  FileText,
  Globe,
  Info,
  LayoutGrid,
  Link as LinkIcon,
  type LucideIcon,
  MapPin,
  MessageCircle,
  Mic,
  Newspaper,
  Star,
  Ticket,
  Users,
  Video,
} from 'lucide-react';

/** Icons that organisers can name on navigation entries; unknown names get a grid icon. */
const icons: Record<string, LucideIcon> = {
  agenda: CalendarDays,
  calendar: CalendarDays,
  schedule: Clock,
  clock: Clock,
  speaker: Mic,
  speakers: Mic,
  mic: Mic,
  users: Users,
  people: Users,
  info: Info,
  about: Info,
  intro: Info,
  map: MapPin,
  venue: MapPin,
  'map-pin': MapPin,
  news: Newspaper,
  live: Video,
  video: Video,
  ticket: Ticket,
  tickets: Ticket,
  star: Star,
  chat: MessageCircle,
  message: MessageCircle,
  exhibitor: Building2,
  exhibitors: Building2,
  building: Building2,
  doc: FileText,
  docs: FileText,
  file: FileText,
  book: BookOpen,
  link: LinkIcon,
  globe: Globe,
  web: Globe,
  website: Globe,
};

export function NavIcon({ name, className }: { name: string | undefined; className?: string }) {
  const key = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, '-');
  const Icon = icons[key] ?? icons[key.replace(/-.*$/, '')] ?? LayoutGrid;
  return <Icon aria-hidden="true" className={className} />;
}
