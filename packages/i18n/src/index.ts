import type activities from './locales/en/activities.json';
import type agendas from './locales/en/agendas.json';
import type appointments from './locales/en/appointments.json';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type consoleShell from './locales/en/console.json';
import type consoleActivities from './locales/en/console-activities.json';
import type consoleCommerce from './locales/en/console-commerce.json';
import type consoleCopilot from './locales/en/console-copilot.json';
import type consoleCredentials from './locales/en/console-credentials.json';
import type consoleCredits from './locales/en/console-credits.json';
import type consoleDemands from './locales/en/console-demands.json';
import type consoleDocuments from './locales/en/console-documents.json';
import type consoleExhibitors from './locales/en/console-exhibitors.json';
import type consoleFriends from './locales/en/console-friends.json';
import type consoleInvoices from './locales/en/console-invoices.json';
import type consoleLives from './locales/en/console-lives.json';
import type consoleMeetings from './locales/en/console-meetings.json';
import type consoleModeration from './locales/en/console-moderation.json';
import type consoleNews from './locales/en/console-news.json';
import type consolePages from './locales/en/console-pages.json';
import type consolePeople from './locales/en/console-people.json';
import type consoleQuestions from './locales/en/console-questions.json';
import type consoleReception from './locales/en/console-reception.json';
import type consoleRegistrations from './locales/en/console-registrations.json';
import type consoleSearch from './locales/en/console-search.json';
import type consoleSpeakers from './locales/en/console-speakers.json';
import type consoleThreads from './locales/en/console-threads.json';
import type consoleVotes from './locales/en/console-votes.json';
import type consoleWechat from './locales/en/console-wechat.json';
import type copilot from './locales/en/copilot.json';
import type credentials from './locales/en/credentials.json';
import type credits from './locales/en/credits.json';
import type demands from './locales/en/demands.json';
import type documents from './locales/en/documents.json';
import type exhibitors from './locales/en/exhibitors.json';
import type friends from './locales/en/friends.json';
import type invoices from './locales/en/invoices.json';
import type lives from './locales/en/lives.json';
import type meetings from './locales/en/meetings.json';
import type microsite from './locales/en/microsite.json';
import type moderation from './locales/en/moderation.json';
import type news from './locales/en/news.json';
import type notifications from './locales/en/notifications.json';
import type orders from './locales/en/orders.json';
import type pages from './locales/en/pages.json';
import type people from './locales/en/people.json';
import type questions from './locales/en/questions.json';
import type reception from './locales/en/reception.json';
import type schedules from './locales/en/schedules.json';
import type search from './locales/en/search.json';
import type share from './locales/en/share.json';
import type speakers from './locales/en/speakers.json';
import type sso from './locales/en/sso.json';
import type subtitles from './locales/en/subtitles.json';
import type threads from './locales/en/threads.json';
import type tickets from './locales/en/tickets.json';
import type users from './locales/en/users.json';
import type votes from './locales/en/votes.json';
import type wechat from './locales/en/wechat.json';

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
  // Documents (/meeting/doc) and the visitor's browsing history (/my/footprints).
  'documents',
  'news',
  // The buyer's orders and their pay pages (/my/order, /my/order/{checkoutId}).
  'orders',
  // An order's invoice request (/invoice/form, /invoice/detail).
  'invoices',
  'pages',
  // The meeting search (/meeting/search).
  'search',
  // Share sheet, web view, /clear, /etc/redirect and invitation results (§2, §7).
  'share',
  // Refusals of sensitive content by §5 category, item states and the report dialog (community).
  'moderation',
  // Discussion threads of a meeting and their talk pages (/meeting/thread/list, /meeting/talk).
  'threads',
  // Questions to exhibitors and price inquiries (/meeting/enterprise/question…, exhibitor area ask).
  'questions',
  // Votes and candidates (/activity/vote…), the notification centre under Me (/my/notifications).
  'votes',
  'notifications',
  // The organiser console (DESIGN §7): its shell, and one namespace per console area.
  'console',
  'console-meetings',
  'console-activities',
  'console-registrations',
  'console-commerce',
  'console-exhibitors',
  'console-invoices',
  'console-documents',
  'console-news',
  'console-moderation',
  'console-pages',
  'console-search',
  // The demand board (/demand…, /my/demand) and the console's demands.
  'demands',
  'console-demands',
  'console-threads',
  'console-questions',
  'console-votes',
  // The console's speaker invitations (§2 /meeting/speaker/invite).
  'console-speakers',
  // Friend applications, connections, card exchange and /my/contact (§4, §6); the console's networking.
  'friends',
  'console-friends',
  // The people directory, user page and people settings (§2 /meeting/connection, /meeting/user) and the console's people.
  'people',
  'console-people',
  // Live streams (/meeting/live, /meeting/live/detail: room, chat, reminders) and the console's lives.
  'lives',
  'console-lives',
  // The reception desk (§2 Reception: staff home, guest list, phases, guest query) and its console.
  'reception',
  'console-reception',
  // Real-name credentials (/credential, ID recognition) and the console's real-name rule and counts.
  'credentials',
  'console-credentials',
  // Credits and certificates, union codes, and their console screens.
  'credits',
  'console-credits',
  // Inside WeChat and the mini-program (§1, §2): share set-up, the follow card, the copy-link dialog.
  'wechat',
  // Sign-in landing pages (§2 /oauth/authorize, /oauth2/authorize, /oauth/chinaief) and desktop QR sign-in.
  'sso',
  // The console's WeChat, mini-program and sign-in set-up.
  'console-wechat',
  // The culture microsite (§2 /sichuan-culture pages) and its venue-map and playbill blocks.
  'microsite',
  // The copilot assistant on meeting pages (§1 AI copilot) and the console's copilot settings, knowledge and review.
  'copilot',
  'console-copilot',
  // Live subtitles with translation and the minutes of a live (§1 AI subtitles, translation and minutes).
  'subtitles',
] as const;
export type Namespace = (typeof namespaces)[number];

/** Catalogues the server writes with (SMS and e-mail texts); never loaded by the web app. */
export const serverNamespaces = ['messages'] as const;

/**
 * Namespaces loaded with the first screen; the others load when a page asks for them. The web build
 * writes each catalogue as a file of its own (apps/web/vite.config.ts), fetched by language and
 * namespace.
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
  documents: typeof documents;
  news: typeof news;
  orders: typeof orders;
  invoices: typeof invoices;
  share: typeof share;
  pages: typeof pages;
  search: typeof search;
  threads: typeof threads;
  questions: typeof questions;
  votes: typeof votes;
  notifications: typeof notifications;
  moderation: typeof moderation;
  console: typeof consoleShell;
  'console-meetings': typeof consoleMeetings;
  'console-activities': typeof consoleActivities;
  'console-commerce': typeof consoleCommerce;
  'console-registrations': typeof consoleRegistrations;
  'console-exhibitors': typeof consoleExhibitors;
  'console-invoices': typeof consoleInvoices;
  'console-documents': typeof consoleDocuments;
  'console-news': typeof consoleNews;
  'console-moderation': typeof consoleModeration;
  'console-pages': typeof consolePages;
  'console-search': typeof consoleSearch;
  demands: typeof demands;
  'console-demands': typeof consoleDemands;
  'console-threads': typeof consoleThreads;
  'console-questions': typeof consoleQuestions;
  'console-votes': typeof consoleVotes;
  'console-speakers': typeof consoleSpeakers;
  friends: typeof friends;
  'console-friends': typeof consoleFriends;
  people: typeof people;
  'console-people': typeof consolePeople;
  lives: typeof lives;
  'console-lives': typeof consoleLives;
  reception: typeof reception;
  'console-reception': typeof consoleReception;
  credentials: typeof credentials;
  'console-credentials': typeof consoleCredentials;
  credits: typeof credits;
  'console-credits': typeof consoleCredits;
  wechat: typeof wechat;
  sso: typeof sso;
  'console-wechat': typeof consoleWechat;
  microsite: typeof microsite;
  copilot: typeof copilot;
  'console-copilot': typeof consoleCopilot;
  subtitles: typeof subtitles;
};

/** A catalogue as loaded: nested objects of strings. */
export type Catalogue = { [key: string]: string | Catalogue };
