import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOpenApi, operationsOf } from '../fuzz/operations.ts';
import { createDemoWorld, type DemoWorld, roleNames } from './demo-roles.ts';
import { consoleAccessRows } from './route-matrix.console-access.ts';
import { consoleActivitiesRows } from './route-matrix.console-activities.ts';
import { consoleCommerceRows } from './route-matrix.console-commerce.ts';
import { consoleDemandsRows } from './route-matrix.console-demands.ts';
import { consoleExhibitorsRows } from './route-matrix.console-exhibitors.ts';
import { consoleMeetingsRows } from './route-matrix.console-meetings.ts';
import { consoleModerationRows } from './route-matrix.console-moderation.ts';
import { consoleQuestionsRows } from './route-matrix.console-questions.ts';
import { consoleReceptionRows } from './route-matrix.console-reception.ts';
import { consoleRegistrationsRows } from './route-matrix.console-registrations.ts';
import { consoleThreadsRows } from './route-matrix.console-threads.ts';
import { consoleWechatRows } from './route-matrix.console-wechat.ts';
import { copilotRows } from './route-matrix.copilot.ts';
import { consoleCopilotRows } from './route-matrix.copilot-console.ts';
import { credentialsRows } from './route-matrix.credentials.ts';
import { creditsRows } from './route-matrix.credits.ts';
import { demandsClosingRows, demandsRows } from './route-matrix.demands.ts';
import { friendsRows } from './route-matrix.friends.ts';
import { invoicesRows } from './route-matrix.invoices.ts';
import { livesRows } from './route-matrix.lives.ts';
import { livesAudienceRows } from './route-matrix.lives-audience.ts';
import { livesChatRows } from './route-matrix.lives-chat.ts';
import { minutesRows } from './route-matrix.minutes.ts';
import { newsRows } from './route-matrix.news.ts';
import { ordersRows } from './route-matrix.orders.ts';
import { pagesRows } from './route-matrix.pages.ts';
import { peopleRows } from './route-matrix.people.ts';
import { peopleAgendaRows } from './route-matrix.people-agenda.ts';
import { questionsRows } from './route-matrix.questions.ts';
import { receptionRows } from './route-matrix.reception.ts';
import { searchRows } from './route-matrix.search.ts';
import { shareRows } from './route-matrix.share.ts';
import { subtitlesRows } from './route-matrix.subtitles.ts';
import { threadsClosingRows, threadsRows } from './route-matrix.threads.ts';
import {
  createMatrixContext,
  del,
  everyone,
  formatStatuses,
  get,
  type MatrixContext,
  type MatrixRow,
  post,
  publishSlot,
  put,
  q,
  rowRoutes,
  sendAs,
  signedIn,
} from './route-matrix.ts';
import { viewsRows } from './route-matrix.views.ts';
import { votesRows } from './route-matrix.votes.ts';
import { wechatRows } from './route-matrix.wechat.ts';
import { wechatLoginRows } from './route-matrix.wechat-login.ts';
import { wechatMiniRows } from './route-matrix.wechat-mini.ts';

/**
 * Route × role matrix (§6 roles and permissions, §8): the status every role gets from every API
 * route of the demo meeting. Columns, in order:
 *
 *   guest · user (logged in, no ticket) · participant (approved ticket) · exhibitor (bound account)
 *   · checkin (check-in staff) · organiser · otherOrganiser (organiser of another meeting)
 *
 * Roles run left to right on each row, so a row whose call changes something (a check-in, a
 * booking) reads with that order in mind. A route without a row fails the last test.
 */

const M = (c: MatrixContext) => c.meetingId;

// biome-ignore format: the table reads as a table
const publicRows: MatrixRow[] = [
  // expect: [guest, user, participant, exhibitor, checkin, organiser, otherOrganiser]
  { route: 'GET /api/health', request: () => get('/api/health'), expect: everyone(200) },
  { route: 'GET /api/demand/meetings', request: () => get('/api/demand/meetings'), expect: everyone(200) },
  { route: 'POST /api/meetings/{id}/views', request: (c) => post(`/api/meetings/${M(c)}/views`), expect: everyone(200) },
  { route: 'GET /api/meeting/agendas', request: (c) => get(`/api/meeting/agendas${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/meeting/agendas', variant: "a closed meeting's session by _id alone (§6)", request: (c) => get(`/api/meeting/agendas${q({ query: { _id: c.closedAgendaId } })}`), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/meeting/agendas/count', request: (c) => get(`/api/meeting/agendas/count${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/meetings/{id}/speaker/users/{user_id}/agendas', request: (c) => get(`/api/meetings/${M(c)}/speaker/users/${c.userIds.user}/agendas`), expect: everyone(200) },
  { route: 'GET /api/meeting/speakers', request: (c) => get(`/api/meeting/speakers${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/meeting/speakers/count', request: (c) => get(`/api/meeting/speakers/count${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/meetings/{meeting_id}/speakers/{speaker_id}', request: (c) => get(`/api/meetings/${M(c)}/speakers/${c.speakerId}`), expect: everyone(200) },
  { route: 'GET /api/{type}/categories', request: (c) => get(`/api/navigation/categories${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/meeting/blocks', request: (c) => get(`/api/meeting/blocks${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/meetings/{id}/schedule.json', request: (c) => get(`/api/meetings/${M(c)}/schedule.json`), expect: everyone(200) },

  // Codes and logins: public, the token (if any) is ignored; wrong codes and passwords answer alike.
  { route: 'POST /api/texts/code', request: (c, role) => post('/api/texts/code', { phone: `1380099${String(roleNames.indexOf(role)).padStart(4, '0')}`, area_code: '86', meeting_id: M(c) }), expect: everyone(200) },
  { route: 'GET /api/texts/phone/{phone}/code/{code}', request: () => get('/api/texts/phone/13800990000/code/000000'), expect: everyone(400) },
  { route: 'POST /api/mails/code', request: (c, role) => post('/api/mails/code', { email: `matrix-${role}@example.org`, meeting_id: M(c) }), expect: everyone(200) },
  { route: 'GET /api/mails/{email}/code/{code}', request: () => get('/api/mails/matrix-guest%40example.org/code/000000'), expect: everyone(400) },
  { route: 'POST /api/tokens/phone', request: (c) => post('/api/tokens/phone', { phone: '13800990000', area_code: '86', code: '000000', meeting_id: M(c) }), expect: everyone(400) },
  { route: 'POST /api/tokens/phone/v2', request: (c) => post('/api/tokens/phone/v2', { phone: '13800990000', area_code: '86', meeting_id: M(c), timestamp: Math.floor(Date.now() / 1000), sign: '0'.repeat(64) }), expect: everyone(401) },
  { route: 'POST /api/tokens/email', request: (c) => post('/api/tokens/email', { email: 'matrix-guest@example.org', code: '000000', meeting_id: M(c) }), expect: everyone(400) },
  { route: 'POST /api/tokens/exhibitor', request: (c) => post('/api/tokens/exhibitor', { account: 'demo-exhibitor', password: 'not-the-password', meeting_id: M(c) }), expect: everyone(401) },
  { route: 'GET /api/texts', request: () => get('/api/texts'), expect: everyone(200) },

  // Enterprises and products: reads are public; edits only by the enterprise's bound exhibitor (§6).
  { route: 'GET /api/enterprises', request: (c) => get(`/api/enterprises${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/enterprises/count', request: (c) => get(`/api/enterprises/count${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/enterprises/search', request: (c) => get(`/api/enterprises/search${q({ meeting_id: M(c), keyword: 'a' })}`), expect: everyone(200) },
  { route: 'PUT /api/enterprises/{id}', request: (c) => put(`/api/enterprises/${c.ownEnterpriseId}`, { website: 'https://example.org' }), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'PUT /api/enterprises/{id}', variant: "another enterprise's", request: (c) => put(`/api/enterprises/${c.otherEnterpriseId}`, { website: 'https://example.org' }), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'POST /api/enterprise/likes', request: (c) => post('/api/enterprise/likes', { enterprise_id: c.otherEnterpriseId }), expect: signedIn(200) },
  { route: 'DELETE /api/enterprise/likes', request: (c) => del(`/api/enterprise/likes${q({ enterprise_id: c.otherEnterpriseId })}`), expect: signedIn(200) },
  { route: 'GET /api/enterprise/likes', request: (c) => get(`/api/enterprise/likes${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'POST /api/enterprise/awesomes', request: (c) => post('/api/enterprise/awesomes', { enterprise_id: c.otherEnterpriseId }), expect: signedIn(200) },
  { route: 'DELETE /api/enterprise/awesomes', request: (c) => del(`/api/enterprise/awesomes${q({ enterprise_id: c.otherEnterpriseId })}`), expect: signedIn(200) },
  { route: 'POST /api/enterprises/{id}/views', request: (c) => post(`/api/enterprises/${c.otherEnterpriseId}/views`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/enterprises/{id}/calls', request: (c) => post(`/api/enterprises/${c.otherEnterpriseId}/calls`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/enterprises/{id}/mails', request: (c) => post(`/api/enterprises/${c.otherEnterpriseId}/mails`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/enterprises/{id}/attachments/views', request: (c) => post(`/api/enterprises/${c.otherEnterpriseId}/attachments/views`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/enterprises/{id}/products/{product_id}/views', request: (c) => post(`/api/enterprises/${c.otherEnterpriseId}/products/${c.otherProductId}/views`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'GET /api/enterprise/products', request: (c) => get(`/api/enterprise/products${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'POST /api/enterprise/products', request: (c) => post('/api/enterprise/products', { enterprise_id: c.ownEnterpriseId, title: 'Matrix product' }), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'POST /api/enterprise/products', variant: "to another enterprise", request: (c) => post('/api/enterprise/products', { enterprise_id: c.otherEnterpriseId, title: 'Matrix product' }), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/enterprise/products/count', request: (c) => get(`/api/enterprise/products/count${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/enterprise/products/search', request: (c) => get(`/api/enterprise/products/search${q({ meeting_id: M(c), keyword: 'a' })}`), expect: everyone(200) },
  { route: 'POST /api/enterprise/product/likes', request: (c) => post('/api/enterprise/product/likes', { product_id: c.otherProductId }), expect: signedIn(200) },
  { route: 'DELETE /api/enterprise/product/likes', request: (c) => del(`/api/enterprise/product/likes${q({ product_id: c.otherProductId })}`), expect: signedIn(200) },
  { route: 'GET /api/enterprise/product/likes', request: (c) => get(`/api/enterprise/product/likes${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'POST /api/enterprise/product/awesomes', request: (c) => post('/api/enterprise/product/awesomes', { product_id: c.otherProductId }), expect: signedIn(200) },
  { route: 'DELETE /api/enterprise/product/awesomes', request: (c) => del(`/api/enterprise/product/awesomes${q({ product_id: c.otherProductId })}`), expect: signedIn(200) },
  { route: 'PUT /api/enterprise/products/{id}', request: (c) => put(`/api/enterprise/products/${c.ownProductId}`, { weight: 3 }), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'PUT /api/enterprise/products/{id}', variant: "another enterprise's", request: (c) => put(`/api/enterprise/products/${c.otherProductId}`, { weight: 3 }), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'DELETE /api/enterprise/products/{id}', request: (c) => del(`/api/enterprise/products/${c.doomedProductId}`), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'DELETE /api/enterprise/products/{id}', variant: "another enterprise's", request: (c) => del(`/api/enterprise/products/${c.otherProductId}`), expect: [401, 403, 403, 403, 403, 403, 403] },

  // The pavilion.
  { route: 'GET /api/exhibitors', request: (c) => get(`/api/exhibitors${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/exhibitors/search', request: (c) => get(`/api/exhibitors/search${q({ meeting_id: M(c), keyword: 'a' })}`), expect: everyone(200) },
  { route: 'GET /api/exhibitors/products', request: (c) => get(`/api/exhibitors/products${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'PUT /api/exhibitors/{id}', request: (c) => put(`/api/exhibitors/${c.ownExhibitorId}`, { booth: 'A1-001' }), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'PUT /api/exhibitors/{id}', variant: "another enterprise's", request: (c) => put(`/api/exhibitors/${c.otherExhibitorId}`, { booth: 'Z9-999' }), expect: [401, 403, 403, 403, 403, 403, 403] },
  { route: 'POST /api/exhibitors/{id}/likes', request: (c) => post(`/api/exhibitors/${c.otherExhibitorId}/likes`, { meeting_id: M(c) }), expect: signedIn(200) },
  { route: 'POST /api/exhibitors/{id}/mails', request: (c) => post(`/api/exhibitors/${c.otherExhibitorId}/mails`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/exhibitors/{id}/calls', request: (c) => post(`/api/exhibitors/${c.otherExhibitorId}/calls`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/exhibitors/{id}/views', request: (c) => post(`/api/exhibitors/${c.otherExhibitorId}/views`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/exhibitors/{id}/attachments/views', request: (c) => post(`/api/exhibitors/${c.otherExhibitorId}/attachments/views`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/exhibitors/products/{id}/views', request: (c) => post(`/api/exhibitors/products/${c.otherProductId}/views`, { meeting_id: M(c) }), expect: everyone(200) },
  { route: 'POST /api/exhibitors/products/{id}/likes', request: (c) => post(`/api/exhibitors/products/${c.otherProductId}/likes`, { meeting_id: M(c) }), expect: signedIn(200) },
  { route: 'GET /api/exhibitor/bindings', request: (c) => get(`/api/exhibitor/bindings${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'POST /api/meetings/{id}/exhibitor/apply', request: (c) => post(`/api/meetings/${M(c)}/exhibitor/apply`, { company: 'Matrix Ltd', contact_name: 'Ma Trix', phone: '13800138000', area_code: '86' }), expect: signedIn(200) },
  { route: 'POST /api/meetings/{id}/exhibitor/category/views', request: (c) => post(`/api/meetings/${M(c)}/exhibitor/category/views`, { category_id: c.exhibitorGroupCategoryId }), expect: everyone(200) },
  { route: 'POST /api/meetings/{id}/area/views', request: (c) => post(`/api/meetings/${M(c)}/area/views`, { area: 'A' }), expect: everyone(200) },
  { route: 'POST /api/meetings/{id}/product/category/views', request: (c) => post(`/api/meetings/${M(c)}/product/category/views`, { category_id: c.productCategoryId }), expect: everyone(200) },

  // Uploads and pictures.
  { route: 'POST /api/tokens/qiniu', request: () => post('/api/tokens/qiniu', { bucket: 'image', key: 'photo.png', type: 'image/png', size: 1000 }), expect: signedIn(200) },
  { route: 'POST /api/media/upload', request: () => post('/api/media/upload', { token: 'x' }), expect: everyone(415) },
  { route: 'GET /api/files/{bucket}/{*}', request: () => get('/api/files/image/0123456789abcdef01234567/none.png'), expect: everyone(404) },
  { route: 'GET /api/meetings/{id}/invitation.png', request: (c) => get(`/api/meetings/${M(c)}/invitation.png${q({ enterprise_id: c.ownEnterpriseId })}`), expect: everyone(200) },

  // Third-party login (none configured in tests).
  { route: 'GET /api/oauth/providers', request: () => get('/api/oauth/providers'), expect: everyone(200) },
  { route: 'POST /api/oauth/{provider}/authorizations', request: (c) => post('/api/oauth/google/authorizations', { meeting_id: M(c) }), expect: everyone(404) },
  { route: 'GET /api/oauth/{provider}/callback', request: () => get('/api/oauth/google/callback?code=x&state=y'), expect: everyone(302) },
  { route: 'POST /api/tokens/wechat', request: (c) => post('/api/tokens/wechat', { code: 'x', state: 'y', meeting_id: M(c) }), expect: everyone(404) },
  { route: 'POST /api/tokens/wechat/bind', request: (c) => post('/api/tokens/wechat/bind', { ticket: 'x', phone: '13800990000', area_code: '86', code: '000000', meeting_id: M(c) }), expect: everyone(401) },

  // Users: anyone reads public profiles; only the owner edits (here: the participant's account).
  { route: 'POST /api/users', request: (c) => post('/api/users', { meeting_id: M(c), phone: '13800990001', area_code: '86', code: '000000', username: 'Matrix' }), expect: everyone(400) },
  { route: 'GET /api/users', request: (c) => get(`/api/users${q({ meeting_id: M(c), query: { _id: { $in: [c.userIds.participant] } } })}`), expect: signedIn(200) },
  { route: 'GET /api/users/me', request: () => get('/api/users/me'), expect: signedIn(200) },
  { route: 'GET /api/users/count', request: (c) => get(`/api/users/count${q({ meeting_id: M(c), query: { _id: { $in: [c.userIds.participant] } } })}`), expect: signedIn(200) },
  { route: 'PUT /api/users/{id}', request: (c) => put(`/api/users/${c.userIds.participant}`, { username: 'Pat' }), expect: [401, 403, 200, 403, 403, 403, 403] },
  { route: 'PUT /api/users/{id}/email', request: (c) => put(`/api/users/${c.userIds.participant}/email`, { email: 'pat@example.org', code: '000000' }), expect: [401, 403, 400, 403, 403, 403, 403] },
  { route: 'POST /api/users/{id}/works', request: (c) => post(`/api/users/${c.userIds.participant}/works`, { title: 'Engineer', company: 'Acme' }), expect: [401, 403, 200, 403, 403, 403, 403] },
  { route: 'PUT /api/users/{id}/works', request: (c) => put(`/api/users/${c.userIds.participant}/works`, { title: 'Engineer', company: 'Acme' }), expect: [401, 403, 200, 403, 403, 403, 403] },

  // Activities, forms and tickets (§4, §5): staff check in, organisers review (§6).
  { route: 'GET /api/activities', request: (c) => get(`/api/activities${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'GET /api/activities/count', request: (c) => get(`/api/activities/count${q({ meeting_id: M(c) })}`), expect: everyone(200) },
  { route: 'POST /api/activities/{id}/views', request: (c) => post(`/api/activities/${c.activityId}/views`), expect: everyone(200) },
  { route: 'GET /api/activities/{id}/sources', request: (c) => get(`/api/activities/${c.activityId}/sources`), expect: everyone(200) },
  { route: 'GET /api/forms/{id}/questions', request: (c) => get(`/api/forms/${c.formId}/questions`), expect: everyone(200) },
  { route: 'GET /api/tickets', request: (c) => get(`/api/tickets${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/tickets', variant: 'participant list of an activity', request: (c) => get(`/api/tickets${q({ meeting_id: M(c), activity_id: c.activityId, participants: 1 })}`), expect: [401, 403, 200, 403, 403, 403, 403] },
  { route: 'GET /api/tickets', variant: "another leader's group", request: (c) => get(`/api/tickets${q({ meeting_id: M(c), agent_id: c.agentId })}`), expect: [401, 404, 200, 404, 404, 404, 404] },
  { route: 'GET /api/tickets', variant: 'staff lookup by code', request: (c) => get(`/api/tickets${q({ meeting_id: M(c), code: c.ticketCode })}`), expect: [401, 403, 403, 403, 200, 200, 403] },
  { route: 'POST /api/tickets', request: (c) => post('/api/tickets', { activity_id: c.activityId }), expect: [401, 400, 400, 400, 400, 400, 400] },
  { route: 'GET /api/tickets/count', request: (c) => get(`/api/tickets/count${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/tickets/count', variant: 'staff lookup by code', request: (c) => get(`/api/tickets/count${q({ meeting_id: M(c), code: c.ticketCode })}`), expect: [401, 403, 403, 403, 200, 200, 403] },
  { route: 'GET /api/tickets/staff', request: (c) => get(`/api/tickets/staff${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'PUT /api/tickets/{id}', request: (c) => put(`/api/tickets/${c.ticketId}`, { job: 'Engineer' }), expect: [401, 404, 200, 404, 404, 404, 404] },
  { route: 'PUT /api/tickets/{id}/approve', request: (c, role) => put(`/api/tickets/${c.ticketId}/approve`, { code: c.ticketCode, scan_key: `matrix-${role}` }), expect: [401, 403, 403, 403, 200, 200, 403] },
  { route: 'PUT /api/tickets/{id}/attends', request: (c) => put(`/api/tickets/${c.reviewTicketId}/attends`, { status: 1 }), expect: [401, 403, 403, 403, 403, 200, 403] },
  // Private activities (§6): the organiser keeps the invite list and mints invitation links.
  { route: 'GET /api/activities/{id}/invites', request: (c) => get(`/api/activities/${c.activityId}/invites`), expect: [401, 403, 403, 403, 403, 200, 403] },
  { route: 'POST /api/activities/{id}/invites', request: (c) => post(`/api/activities/${c.activityId}/invites`, { email: 'matrix-invite@example.test' }), expect: [401, 403, 403, 403, 403, 200, 403] },
  { route: 'DELETE /api/activities/{id}/invites/{invite_id}', request: (c) => del(`/api/activities/${c.activityId}/invites/${'f'.repeat(24)}`), expect: [401, 403, 403, 403, 403, 200, 403] },
  { route: 'POST /api/activities/{id}/invitation_links', request: (c) => post(`/api/activities/${c.activityId}/invitation_links`, { expires_in: 3600 }), expect: [401, 403, 403, 403, 403, 200, 403] },
  { route: 'GET /api/forms/{id}/answers', request: (c) => get(`/api/forms/${c.formId}/answers${q({ ticket_id: c.ticketId })}`), expect: [401, 404, 200, 404, 404, 404, 404] },
  { route: 'PUT /api/forms/{id}/answers', request: (c) => put(`/api/forms/${c.formId}/answers`, { ticket_id: c.ticketId, data: {} }), expect: [401, 404, 409, 404, 404, 404, 404] },
  { route: 'PUT /api/activities/{id}/agents/{agent_id}', request: (c) => put(`/api/activities/${c.agentActivityId}/agents/${c.agentId}`, { name: 'Robotics Club', liaison: 'Li Lei', phone: '13800138000', area_code: '86' }), expect: [401, 404, 200, 404, 404, 404, 404] },
  { route: 'GET /api/activities/{id}/agents/{agent_id}', request: (c) => get(`/api/activities/${c.agentActivityId}/agents/${c.agentId}`), expect: [401, 404, 200, 404, 404, 404, 404] },
  { route: 'GET /api/activities/{id}/agents', request: (c) => get(`/api/activities/${c.agentActivityId}/agents`), expect: signedIn(200) },
  { route: 'GET /api/activities/agents/{agent_id}', request: (c) => get(`/api/activities/agents/${c.agentId}`), expect: [401, 404, 200, 404, 404, 404, 404] },

  // Meeting requests (§6: participants book, the bound exhibitor handles them).
  { route: 'GET /api/appointments', request: (c) => get(`/api/appointments${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/appointments', variant: "the exhibitor's inbox", request: (c) => get(`/api/appointments${q({ meeting_id: M(c), type: 'enterprise' })}`), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'POST /api/appointments', request: (c, role) => post('/api/appointments', { meeting_id: M(c), enterprise_id: c.ownEnterpriseId, date: new Date(Date.now() + (302 + roleNames.indexOf(role)) * 86_400_000).toISOString().slice(0, 10), start_time: '09:00', end_time: '09:30', timezone: 'Asia/Shanghai', mode: 'online', matter: 'Talk' }), expect: [401, 403, 200, 400, 403, 403, 403] },
  { route: 'GET /api/appointments/count', request: (c) => get(`/api/appointments/count${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/appointments/count', variant: "the exhibitor's inbox", request: (c) => get(`/api/appointments/count${q({ meeting_id: M(c), type: 'enterprise' })}`), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'GET /api/appointments/user/is_authentication', request: (c) => get(`/api/appointments/user/is_authentication${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'POST /api/appointments/schedules/{schedule_id}', request: (c) => post(`/api/appointments/schedules/${c.slotIds.book}`, { meeting_id: M(c), mode: 'offline', matter: 'Talk' }), expect: [401, 403, 200, 400, 403, 403, 403] },
  { route: 'POST /api/enterprises/{id}/schedules/{schedule_id}/appointments', request: (c) => post(`/api/enterprises/${c.ownEnterpriseId}/schedules/${c.slotIds.bookViaEnterprise}/appointments`, { meeting_id: M(c), mode: 'offline', matter: 'Talk' }), expect: [401, 403, 200, 400, 403, 403, 403] },
  { route: 'POST /api/appointments/{id}/accept', request: (c) => post(`/api/appointments/${c.appointmentIds.accept}/accept`), expect: [401, 404, 403, 200, 404, 404, 404] },
  { route: 'POST /api/appointments/{id}/ignore', request: (c) => post(`/api/appointments/${c.appointmentIds.ignore}/ignore`), expect: [401, 404, 403, 200, 404, 404, 404] },
  { route: 'POST /api/appointments/{id}/cancel', request: (c) => post(`/api/appointments/${c.appointmentIds.cancel}/cancel`), expect: [401, 404, 200, 409, 404, 404, 404] },
  { route: 'DELETE /api/appointments/{id}', request: (c) => del(`/api/appointments/${c.appointmentIds.retracted}`), expect: [401, 404, 200, 200, 404, 404, 404] },
  { route: 'GET /api/meeting/schedules', request: (c) => get(`/api/meeting/schedules${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/meeting/schedules', variant: "the exhibitor's schedule", request: (c) => get(`/api/meeting/schedules${q({ meeting_id: M(c), type: 'exhibitor' })}`), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'GET /api/meeting/schedules/count', request: (c) => get(`/api/meeting/schedules/count${q({ meeting_id: M(c) })}`), expect: signedIn(200) },
  { route: 'GET /api/meeting/schedules/count', variant: "the exhibitor's schedule", request: (c) => get(`/api/meeting/schedules/count${q({ meeting_id: M(c), type: 'exhibitor' })}`), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'POST /api/enterprises/{id}/schedules', request: (c, role) => post(`/api/enterprises/${c.ownEnterpriseId}/schedules`, { meeting_id: M(c), date: new Date(Date.now() + 320 * 86_400_000).toISOString().slice(0, 10), start_time: `1${roleNames.indexOf(role)}:00`, end_time: `1${roleNames.indexOf(role)}:30`, timezone: 'Asia/Shanghai' }), expect: [401, 403, 403, 200, 403, 403, 403] },
  { route: 'DELETE /api/enterprises/{id}/schedules/{schedule_id}', request: (c) => del(`/api/enterprises/${c.ownEnterpriseId}/schedules/${c.slotIds.withdraw}`), expect: [401, 403, 403, 200, 403, 403, 403], after: republishWithdrawn },
  { route: 'GET /api/meeting/schedules/calendar', request: () => get('/api/meeting/schedules/calendar'), expect: signedIn(200) },
  { route: 'GET /api/calendars/{file}', request: (c) => get(`/api/calendars/${c.calendarFile}`), expect: everyone(200) },

  // Last: calls that end a session or a binding; `after` restores them for the rows that follow.
  { route: 'POST /api/meeting/schedules/calendar', request: () => post('/api/meeting/schedules/calendar'), expect: signedIn(200) },
  { route: 'POST /api/exhibitor/bindings', request: (c) => post('/api/exhibitor/bindings', { meeting_id: M(c), account: 'demo-exhibitor', password: 'Exhibitor2019!' }), expect: signedIn(200), after: rebindExhibitor },
  { route: 'DELETE /api/exhibitor/bindings', request: (c) => del(`/api/exhibitor/bindings${q({ meeting_id: M(c) })}`), expect: signedIn(200), after: rebindExhibitor },
  { route: 'DELETE /api/tokens/current', request: () => del('/api/tokens/current'), expect: signedIn(200), after: relogin },
];

/** The console's rows (DESIGN §7), one file per console area. */
const rows: MatrixRow[] = [
  ...publicRows,
  ...consoleAccessRows,
  ...consoleMeetingsRows,
  ...consoleActivitiesRows,
  ...consoleRegistrationsRows,
  ...consoleReceptionRows,
  ...consoleExhibitorsRows,
  ...consoleCommerceRows,
  ...invoicesRows,
  ...newsRows,
  ...ordersRows,
  ...pagesRows,
  ...searchRows,
  ...copilotRows,
  ...shareRows,
  ...viewsRows,
  ...demandsRows,
  ...consoleDemandsRows,
  ...demandsClosingRows,
  ...questionsRows,
  ...consoleQuestionsRows,
  ...threadsRows,
  ...consoleThreadsRows,
  ...threadsClosingRows,
  ...consoleModerationRows,
  ...friendsRows,
  ...peopleRows,
  ...peopleAgendaRows,
  ...votesRows,
  ...livesAudienceRows,
  ...livesChatRows,
  ...minutesRows,
  ...subtitlesRows,
  ...livesRows,
  ...receptionRows,
  ...credentialsRows,
  ...creditsRows,
  ...consoleWechatRows,
  ...consoleCopilotRows,
  ...wechatLoginRows,
  ...wechatMiniRows,
  ...wechatRows,
];

/** Gives the demo exhibitor account back to the exhibitor role (binding it elsewhere moved it). */
async function rebindExhibitor(c: MatrixContext): Promise<void> {
  const res = await sendAs(
    c,
    'exhibitor',
    post('/api/exhibitor/bindings', {
      meeting_id: c.meetingId,
      account: 'demo-exhibitor',
      password: 'Exhibitor2019!',
    }),
  );
  if (res.statusCode !== 200) throw new Error(`re-binding answered ${res.statusCode}: ${res.body}`);
}

/** The exhibitor withdrew the slot: a new one lets the roles after it show their own answer. */
async function republishWithdrawn(
  c: MatrixContext,
  role: (typeof roleNames)[number],
  res: LightMyRequestResponse,
) {
  if (role === 'exhibitor' && res.statusCode === 200) c.slotIds.withdraw = await publishSlot(c, 330, '09:00');
}

async function relogin(c: MatrixContext, role: (typeof roleNames)[number]): Promise<void> {
  if (role !== 'guest') await c.world.relogin(role);
}

let world: DemoWorld;
let c: MatrixContext;
beforeAll(async () => {
  world = await createDemoWorld();
  c = await createMatrixContext(world);
});
afterAll(() => world.t.close());

describe('route × role matrix', () => {
  it('every row has one expected status per role', () => {
    for (const row of rows) expect(row.expect, row.route).toHaveLength(roleNames.length);
  });

  // About 2,000 calls (every row × seven roles): 30 s on a quiet machine, more beside other test files.
  it('answers each role as the table says', { timeout: 300_000 }, async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const row of rows) {
      const actual: number[] = [];
      for (const role of roleNames) {
        const request = row.request(c, role);
        const response = await sendAs(c, role, request);
        actual.push(response.statusCode);
        checked += 1;
        await row.after?.(c, role, response);
      }
      if (actual.some((status, i) => status !== row.expect[i])) {
        mismatches.push(
          `${row.route}${row.variant ? ` (${row.variant})` : ''}: expected ${formatStatuses(row.expect)}, got ${formatStatuses(actual)}`,
        );
      }
    }
    console.info(
      `route matrix: ${rowRoutes(rows).size} routes, ${rows.length} rows × ${roleNames.length} roles = ${checked} calls`,
    );
    expect(mismatches).toEqual([]);
  });

  it('has a row for every route of the server, and no row for a route it lacks', async () => {
    const served = operationsOf(await fetchOpenApi(world.t.app)).map((op) => op.key);
    const covered = rowRoutes(rows);
    expect(
      served.filter((route) => !covered.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !served.includes(route)),
      'rows of unknown routes',
    ).toEqual([]);
  });
});
