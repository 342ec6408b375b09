import { activityRoutes } from '../lib/activity-paths.ts';
import { appointmentRoutes } from '../lib/appointment-paths.ts';
import { copilotRoutes } from '../lib/copilot-paths.ts';
import { demandRoutes } from '../lib/demands-paths.ts';
import { documentRoutes } from '../lib/documents-paths.ts';
import { invoiceRoutes } from '../lib/invoices-paths.ts';
import { liveRoutes } from '../lib/lives-paths.ts';
import { micrositeRoutes } from '../lib/microsite-paths.ts';
import { newsRoutes } from '../lib/news-paths.ts';
import { orderRoutes } from '../lib/orders-paths.ts';
import { pagesRoutes } from '../lib/pages-paths.ts';
import { routes } from '../lib/paths.ts';
import { questionRoutes } from '../lib/questions-paths.ts';
import { searchRoutes } from '../lib/search-paths.ts';
import { siteRoutes } from '../lib/site-paths.ts';
import { threadRoutes } from '../lib/threads-paths.ts';
import { voteRoutes } from '../lib/votes-paths.ts';

/** The kinds of item a detail page shows by id. */
export type DetailItem =
  | 'agenda'
  | 'speaker'
  | 'enterprise'
  | 'product'
  | 'activity'
  | 'ticket'
  | 'appointment'
  | 'content'
  | 'news'
  | 'order'
  | 'thread'
  | 'demand'
  | 'question'
  | 'inquiry'
  | 'vote'
  | 'candidate'
  | 'live';

/** Other ids a page needs besides its item's: a live item of that kind, the meeting, or a new group id. */
export type OtherId = DetailItem | 'meeting' | 'agent';

/**
 * A page that shows one item named by id (§2): a missing, malformed or unknown id opens /404, a
 * deleted item /204 (§2 "A GET by _id that returns an item with deleted = 1 opens /204"), never a
 * blank page or an endless skeleton. The browser test walks every entry with each kind of bad id.
 */
export type DetailRoute = {
  /** The route pattern, as in the route tables. */
  path: string;
  /** Where the item's id goes: a query parameter, or a path parameter of `path`. */
  id: { query: string } | { param: string };
  item: DetailItem;
  /** Other ids the page needs besides the item's (query or path parameter → the kind of item). */
  with?: Record<string, OtherId>;
  /** The page needs a login (its handle's requireLogin). */
  requireLogin: boolean;
  /**
   * 'not-found' where a deleted item cannot be told from an unknown one, so /404 opens: the caller's
   * tickets list holds live tickets only, and deleting a meeting request hides it from the deleting
   * side (§4) rather than marking it deleted.
   */
  deleted?: 'not-found';
};

/** Every detail page of the route tables; detail-routes.test.ts keeps this list and the tables in step. */
export const detailRoutes: readonly DetailRoute[] = [
  { path: routes.agendaDetails, id: { query: 'agenda_id' }, item: 'agenda', requireLogin: false },
  { path: routes.speaker, id: { query: 'speaker_id' }, item: 'speaker', requireLogin: false },
  { path: routes.enterprise, id: { query: 'enterprise_id' }, item: 'enterprise', requireLogin: false },
  { path: routes.product, id: { query: 'product_id' }, item: 'product', requireLogin: false },
  { path: routes.invitation, id: { query: 'enterprise_id' }, item: 'enterprise', requireLogin: false },
  {
    path: activityRoutes.activityDetail,
    id: { query: 'activity_id' },
    item: 'activity',
    requireLogin: false,
  },
  { path: activityRoutes.activityForm, id: { query: 'activity_id' }, item: 'activity', requireLogin: true },
  {
    path: activityRoutes.activitySuccess,
    id: { query: 'activity_id' },
    item: 'activity',
    requireLogin: true,
  },
  { path: activityRoutes.activityAgent, id: { query: 'activity_id' }, item: 'activity', requireLogin: true },
  {
    path: activityRoutes.activityAgentForm,
    id: { query: 'activity_id' },
    item: 'activity',
    with: { agent_id: 'agent' },
    requireLogin: true,
  },
  {
    path: activityRoutes.activityTickets,
    id: { query: 'activity_id' },
    item: 'activity',
    requireLogin: true,
  },
  {
    path: activityRoutes.agentV2Form,
    id: { param: 'activityId' },
    item: 'activity',
    with: { meetingId: 'meeting' },
    requireLogin: true,
  },
  {
    path: activityRoutes.agentV2TicketForm,
    id: { param: 'activityId' },
    item: 'activity',
    with: { meetingId: 'meeting', ticketId: 'ticket' },
    requireLogin: true,
  },
  {
    path: activityRoutes.agentV2Ticket,
    id: { param: 'activityId' },
    item: 'activity',
    with: { meetingId: 'meeting' },
    requireLogin: true,
  },
  {
    path: activityRoutes.agentV2,
    id: { param: 'activityId' },
    item: 'activity',
    with: { meetingId: 'meeting' },
    requireLogin: true,
  },
  {
    path: activityRoutes.activityFormRedirect,
    id: { param: 'activityId' },
    item: 'activity',
    with: { meetingId: 'meeting' },
    requireLogin: true,
  },
  {
    path: activityRoutes.activityAgentRedirect,
    id: { param: 'activityId' },
    item: 'activity',
    with: { meetingId: 'meeting' },
    requireLogin: true,
  },
  {
    path: activityRoutes.myRegistrationTicket,
    id: { query: 'ticket_id' },
    item: 'ticket',
    requireLogin: true,
    deleted: 'not-found',
  },
  {
    path: appointmentRoutes.appointmentApply,
    id: { query: 'enterprise_id' },
    item: 'enterprise',
    requireLogin: true,
  },
  {
    path: appointmentRoutes.enterpriseAppointment,
    id: { query: 'enterprise_id' },
    item: 'enterprise',
    requireLogin: true,
  },
  {
    path: appointmentRoutes.appointment,
    id: { query: 'appointment_id' },
    item: 'appointment',
    requireLogin: true,
    deleted: 'not-found',
  },
  {
    path: appointmentRoutes.appointmentSuccess,
    id: { query: 'appointment_id' },
    item: 'appointment',
    requireLogin: true,
    deleted: 'not-found',
  },
  { path: pagesRoutes.introduction, id: { query: 'content_id' }, item: 'content', requireLogin: false },
  { path: newsRoutes.newsDetail, id: { query: 'news_id' }, item: 'news', requireLogin: false },
  // A thread its author deleted is answered 404 like an unknown one (nothing of it is kept visible).
  {
    path: threadRoutes.talk,
    id: { query: 'thread_id' },
    item: 'thread',
    requireLogin: false,
    deleted: 'not-found',
  },
  // A demand its poster deleted (or one hidden from the reader) is answered 404 like an unknown one.
  {
    path: demandRoutes.detail,
    id: { query: 'demand_id' },
    item: 'demand',
    requireLogin: false,
    deleted: 'not-found',
  },
  {
    path: demandRoutes.comment,
    id: { query: 'demand_id' },
    item: 'demand',
    requireLogin: true,
    deleted: 'not-found',
  },
  // Questions and inquiries: the ask form and the Q&A list name their enterprise; a question or an
  // inquiry removed by moderation is answered like an unknown one (nothing of it stays visible).
  { path: questionRoutes.ask, id: { query: 'enterprise_id' }, item: 'enterprise', requireLogin: true },
  { path: questionRoutes.list, id: { query: 'enterprise_id' }, item: 'enterprise', requireLogin: false },
  {
    path: questionRoutes.answer,
    id: { param: 'questionId' },
    item: 'question',
    requireLogin: true,
    deleted: 'not-found',
  },
  {
    path: questionRoutes.thread,
    id: { query: 'ask_id' },
    item: 'inquiry',
    requireLogin: true,
    deleted: 'not-found',
  },
  // A vote and a candidate (§2): a deleted or hidden one answers like an unknown one (404), so /404.
  {
    path: voteRoutes.vote,
    id: { query: 'vote_id' },
    item: 'vote',
    requireLogin: false,
    deleted: 'not-found',
  },
  {
    path: voteRoutes.candidate,
    id: { query: 'player_id' },
    item: 'candidate',
    requireLogin: false,
    deleted: 'not-found',
  },
  // A live room (§2): a deleted or hidden live is not listed (GET /lives with _id), like an unknown one.
  {
    path: liveRoutes.room,
    id: { query: 'live_id' },
    item: 'live',
    requireLogin: false,
    deleted: 'not-found',
  },
  // Orders are never deleted (§4 Order states): an unknown or malformed id opens /404.
  {
    path: orderRoutes.myOrder,
    id: { param: 'checkoutId' },
    item: 'order',
    requireLogin: true,
    deleted: 'not-found',
  },
  // The invoice pages of an order (query checkout, §2): an unknown or malformed order opens /404.
  {
    path: invoiceRoutes.invoiceForm,
    id: { query: 'checkout' },
    item: 'order',
    requireLogin: true,
    deleted: 'not-found',
  },
  {
    path: invoiceRoutes.invoiceDetail,
    id: { query: 'checkout' },
    item: 'order',
    requireLogin: true,
    deleted: 'not-found',
  },
];

/**
 * The pages of the route tables that name no item by id (lists, forms, personal and account pages);
 * a page with an id belongs in `detailRoutes` instead. Optional ids (the agenda's `agenda_id`
 * highlight, the check-in page's `activity_id` filter) do not make a detail page.
 */
export const pagesWithoutItem: readonly string[] = [
  routes.home,
  routes.agendaAlias,
  routes.agendaSchedule,
  routes.speakerList,
  routes.login,
  routes.bind,
  routes.agree,
  // Sign-in landing pages (§2 /oauth/authorize, /oauth2/authorize, /oauth/chinaief): a provider's answer, not an item.
  routes.oauthAuthorize,
  routes.oauth2Authorize,
  routes.oauthChinaief,
  routes.myIndex,
  routes.myProfile,
  routes.accountEmail,
  routes.accountPhone,
  routes.exhibit,
  routes.exhibition,
  routes.exhibitorFilter,
  routes.exhibitorSearch,
  routes.productSearch,
  routes.myCollection,
  routes.exhibitorBind,
  routes.exhibitorManage,
  routes.exhibitorApply,
  routes.exhibitorPassword,
  activityRoutes.activityList,
  activityRoutes.activityRegister,
  activityRoutes.myRegistration,
  activityRoutes.myTickets,
  activityRoutes.myEvent,
  appointmentRoutes.userAppointments,
  appointmentRoutes.enterpriseAppointments,
  documentRoutes.meetingDoc,
  documentRoutes.myFootprints,
  appointmentRoutes.mySchedule,
  appointmentRoutes.myScheduleHistory,
  appointmentRoutes.exhibitorSchedule,
  appointmentRoutes.exhibitorScheduleHistory,
  appointmentRoutes.mySchedules,
  siteRoutes.webview,
  newsRoutes.meetingNews,
  threadRoutes.threadList,
  demandRoutes.demand,
  demandRoutes.demandList,
  demandRoutes.cooperation,
  demandRoutes.search,
  demandRoutes.liked,
  demandRoutes.mine,
  demandRoutes.exhibitor,
  // The type segment is a choice of form, not an item (an unknown type opens /404).
  demandRoutes.form,
  questionRoutes.inbox,
  searchRoutes.meetingSearch,
  // The copilot names its meeting only (§1 AI copilot).
  copilotRoutes.copilot,
  newsRoutes.news,
  orderRoutes.myOrders,
  pagesRoutes.branch,
  pagesRoutes.contact,
  pagesRoutes.conference,
  voteRoutes.notifications,
  voteRoutes.notificationPreferences,
  liveRoutes.list,
  // Names a signed token, not an item: a bad token shows 'The temporary link has expired' (§8).
  pagesRoutes.preview,
  // The microsite's slug names one of twelve pages, not an item: an unknown one opens /404 (§2).
  micrositeRoutes.root,
  micrositeRoutes.page,
];
