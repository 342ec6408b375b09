import {
  Archive,
  BarChart3,
  Briefcase,
  Building2,
  CalendarClock,
  CalendarDays,
  Circle,
  ClipboardList,
  CreditCard,
  FileText,
  Globe,
  Images,
  Layers,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  MessagesSquare,
  Mic,
  Newspaper,
  Palette,
  Plus,
  QrCode,
  Receipt,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  Store,
  Tags,
  Ticket,
  TicketPercent,
  TriangleAlert,
  UserCheck,
  Users,
} from 'lucide-react';

/**
 * The icons a console route's `nav.icon` may name (lucide-react names, lib/console-route.ts). Listed
 * one by one so the console chunk carries these and not the whole icon set; an unknown name shows a
 * plain circle.
 */
const icons: Record<string, LucideIcon> = {
  Archive,
  BarChart3,
  Briefcase,
  Building2,
  CalendarClock,
  CalendarDays,
  ClipboardList,
  CreditCard,
  FileText,
  Globe,
  Images,
  Layers,
  LayoutDashboard,
  ListChecks,
  Mail,
  MessagesSquare,
  Mic,
  Newspaper,
  Palette,
  Plus,
  QrCode,
  Receipt,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  Store,
  Tags,
  Ticket,
  TicketPercent,
  TriangleAlert,
  UserCheck,
  Users,
};

/** The icon of a navigation entry. */
export function NavIcon({ name, className }: { name: string; className?: string }) {
  const Icon = icons[name] ?? Circle;
  return <Icon aria-hidden="true" className={className} />;
}
