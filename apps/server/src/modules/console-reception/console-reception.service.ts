import { randomInt, randomUUID } from 'node:crypto';
import {
  ConsoleReceptionError,
  type ConsoleReceptionGuestInput,
  type ConsoleReceptionGuestList,
  type ConsoleReceptionGuestQuery,
  type ConsoleReceptionPhaseInput,
  type ConsoleReceptionStaff,
  consoleReceptionLimits,
  ErrorCode,
  type ReceptionBoard,
  ReceptionError,
  type ReceptionFormField,
  type ReceptionGuest,
  type ReceptionPhase,
  toWireId,
} from '@app/contracts';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix } from '../../db/wire.ts';
import { AppError, badRequest, noPermission } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { lockReceptionHistory } from '../reception/reception.repository.ts';
import { can } from '../roles/roles.permissions.ts';
import { meetingAccess, type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { emailInvalid, phoneInvalid } from '../users/users.errors.ts';
import {
  assignedCounts,
  bumpGuestVersion,
  countGuests,
  findClashes,
  findGuest,
  findGuestPage,
  findPhase,
  findPhases,
  findRecentArrivals,
  findStaff,
  type HistoryInsert,
  insertGuest,
  insertHistory,
  insertPhase,
  lockGuestPhase,
  lockPhases,
  maxPhasePosition,
  namesOfUsers,
  phaseCounts,
  replaceGuestPhases,
  setGuestPhaseStatus,
  setPhasePosition,
  softDeleteGuest,
  softDeletePhase,
  updateGuestRow,
  updatePhaseRow,
} from './console-reception.repository.ts';
import { guestsOf, phasesOf, toPhase } from './console-reception.serializer.ts';

/**
 * The console's reception area (console-reception contracts; §3 Guest, Reception guest; §4 Reception;
 * §6; §8; DESIGN §7). Every call needs `reception.manage` (the board also `reception.desk`); every
 * write is one transaction with its audit row, and every change of a guest also goes into the desk's
 * history (reception_history, applied) so the desks' change feeds (GET /reception/changes) hear it.
 */

export type ConsoleReceptionDeps = RolesDeps;
type Caller = { userId: string; meetingId: string };
const action = 'reception.manage';

/** 404 'guest not found' (§8). */
export const guestNotFound = () => new AppError(404, ReceptionError.guestNotFound, 'guest not found');
/** 404 'receptionist not found' (§8): the staff named is not a reception grant of the meeting. */
export const receptionistNotFound = () =>
  new AppError(404, ReceptionError.receptionistNotFound, 'receptionist not found');
const guestDuplicate = (what: string) =>
  new AppError(409, ReceptionError.guestDuplicate, `Another guest already has this ${what}`);

/** Crockford base32 without I, L, O, U: codes read aloud at a desk without confusion. */
const codeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new guest code: 8 Crockford base32 characters (§6 guests on the list by code). */
export function newGuestCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

/**
 * A generated code no live guest of the meeting holds (§6 the code finds one guest): generation is
 * retried on a collision, so a generated code never makes a save fail as a duplicate.
 */
export async function freshGuestCode(db: Database, meetingId: string): Promise<string> {
  for (;;) {
    const code = newGuestCode();
    if ((await findClashes(db, meetingId, { codes: [code], phones: [], emails: [] })).length === 0)
      return code;
  }
}

/** Whether a database error is a unique violation (a concurrent guest took the phone, e-mail or code). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The checked columns of a guest input. @throws 400 phone.invalid / email.invalid */
export function guestValues(body: ConsoleReceptionGuestInput) {
  let phone: string | null = null;
  let areaCode: string | null = null;
  if (body.phone) {
    const parsed = normalisePhone(body.phone, body.area_code || '86');
    if (!parsed) throw phoneInvalid();
    phone = parsed.e164;
    areaCode = parsed.areaCode;
  }
  let email: string | null = null;
  if (body.email) {
    email = normaliseEmail(body.email);
    if (!email) throw emailInvalid();
  }
  return {
    name: body.name.trim(),
    title: body.title ?? '',
    description: body.description ?? '',
    photo: body.photo ?? '',
    note: body.note ?? '',
    phone,
    areaCode,
    email,
    code: (body.code ?? '').trim().toUpperCase(),
  };
}

/** Staff and phases named by an input exist in the meeting. @throws 404 receptionist_not_found; 400 phase_unknown */
async function checkLinks(
  db: Database,
  meetingId: string,
  body: ConsoleReceptionGuestInput,
): Promise<string[]> {
  if (body.staff_user_id) {
    const staff = await findStaff(db, meetingId);
    if (!staff.some((s) => s.userId === body.staff_user_id)) throw receptionistNotFound();
  }
  const phaseIds = [...new Set(body.phase_ids || [])];
  if (phaseIds.length > 0) {
    const live = new Set((await findPhases(db, meetingId)).map((p) => p.id));
    if (phaseIds.some((id) => !live.has(id))) {
      throw badRequest(ConsoleReceptionError.phaseUnknown, 'A phase is not one of this meeting');
    }
  }
  return phaseIds;
}

/** @throws 409 reception.guest_duplicate when another guest of the meeting holds the code, phone or e-mail. */
async function checkClashes(
  db: Database,
  meetingId: string,
  values: { code: string; phone: string | null; email: string | null },
  exceptId?: string,
): Promise<void> {
  const clashes = await findClashes(
    db,
    meetingId,
    {
      codes: values.code ? [values.code] : [],
      phones: values.phone ? [values.phone] : [],
      emails: values.email ? [values.email] : [],
    },
    exceptId,
  );
  for (const clash of clashes) {
    if (values.code && clash.code === values.code) throw guestDuplicate('code');
    if (values.phone && clash.phone === values.phone) throw guestDuplicate('phone');
    if (values.email && clash.email === values.email) throw guestDuplicate('e-mail');
  }
}

/** A console write to the desk's history: applied, at the server's time, without a mutation id. */
export function historyRow(
  caller: Caller,
  guestId: string,
  field: string,
  value: unknown,
  previous: unknown,
  at: Date,
  phaseId: string | null = null,
): HistoryInsert {
  return {
    meetingId: caller.meetingId,
    guestId,
    phaseId,
    field,
    value: value ?? null,
    previous: previous ?? null,
    userId: caller.userId,
    deviceId: 'console',
    mutationId: null,
    clientAt: at,
    outcome: 'applied',
  };
}

/** One guest as the console shows it. @throws 404 guest_not_found */
async function guestOf(db: Database, meetingId: string, id: string): Promise<ReceptionGuest> {
  const row = await findGuest(db, meetingId, id);
  if (!row) throw guestNotFound();
  const [guest] = await guestsOf(db, meetingId, [row]);
  return guest as ReceptionGuest;
}

/**
 * GET /console/meetings/{meeting_id}/reception/guests: a page of guests by name (keyword over name,
 * title, phone, e-mail and code; phase and status; receptionist or 'none'). @throws 403 no_permission
 */
export async function listGuests(
  deps: ConsoleReceptionDeps,
  input: Caller & { query: ConsoleReceptionGuestQuery },
): Promise<ConsoleReceptionGuestList> {
  await requireCan(deps, { ...input, action });
  const q = input.query;
  const page = await findGuestPage(
    deps.db,
    input.meetingId,
    {
      keyword: q.keyword,
      phaseId: q.phase_id,
      status: q.phase_id && q.status !== undefined ? (Number(q.status) as 0 | 1) : undefined,
      staffUserId: q.staff_user_id,
    },
    { limit: q.limit, skip: q.skip },
  );
  return { items: await guestsOf(deps.db, input.meetingId, page.rows), total: page.total };
}

/**
 * POST /console/meetings/{meeting_id}/reception/guests: a new guest (code generated when empty) with
 * its phases; history row 'guest' created. @throws 400 phone.invalid / email.invalid /
 * reception.phase_unknown; 404 reception.receptionist_not_found; 409 reception.guest_duplicate; 403
 */
export async function createGuest(
  deps: ConsoleReceptionDeps,
  input: Caller & { body: ConsoleReceptionGuestInput },
): Promise<ReceptionGuest> {
  await requireCan(deps, { ...input, action });
  const values = guestValues(input.body);
  const phaseIds = await checkLinks(deps.db, input.meetingId, input.body);
  if (!values.code) values.code = await freshGuestCode(deps.db, input.meetingId);
  await checkClashes(deps.db, input.meetingId, values);
  const id = newId();
  const now = new Date();
  try {
    await auditedWrite(
      deps.db,
      {
        actorUserId: input.userId,
        meetingId: input.meetingId,
        action,
        entity: 'reception_guest',
        entityId: id,
      },
      async (tx) => {
        await lockReceptionHistory(tx, input.meetingId);
        const row = await insertGuest(tx, {
          id,
          meetingId: input.meetingId,
          ...values,
          staffUserId: input.body.staff_user_id || null,
        });
        await replaceGuestPhases(tx, input.meetingId, id, phaseIds);
        await insertHistory(tx, [historyRow(input, id, 'guest', 'created', null, now)]);
        return { result: id, before: null, after: { ...row, phaseIds } };
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw guestDuplicate('phone, e-mail or code');
    throw error;
  }
  return guestOf(deps.db, input.meetingId, id);
}

/** Guest fields the desk knows (their history rows carry the field's name). */
const trackedFields = [
  'name',
  'title',
  'description',
  'photo',
  'note',
  'phone',
  'email',
  'code',
  'staffUserId',
] as const;

/**
 * The columns a console edit names (partial update): a field absent from the body keeps its value;
 * `name` is always sent; '' clears title, description, photo, note, phone or e-mail; an empty or
 * absent code keeps the guest's code. @throws 400 phone.invalid / email.invalid
 */
function guestEdits(body: ConsoleReceptionGuestInput): Partial<ReturnType<typeof guestValues>> {
  const values = guestValues(body);
  const edits: Partial<ReturnType<typeof guestValues>> = { name: values.name };
  for (const f of ['title', 'description', 'photo', 'note'] as const) {
    if (body[f] !== undefined) edits[f] = values[f];
  }
  if (body.phone !== undefined) {
    edits.phone = values.phone;
    edits.areaCode = values.areaCode;
  }
  if (body.email !== undefined) edits.email = values.email;
  if (values.code) edits.code = values.code;
  return edits;
}

/**
 * PUT /console/meetings/{meeting_id}/reception/guests/{id}: a partial save under the guest's row lock
 * (§3 Guest, §6). Only fields present in the body and different from the row as locked are written;
 * each of those gets the server's time in field_times (the console's last-writer-wins time) and a
 * history row, so fields the organiser did not touch keep the desk's values and times. Phases
 * replaced when `phase_ids` is given; version +1.
 * @throws as create; 404 reception.guest_not_found
 */
export async function updateGuest(
  deps: ConsoleReceptionDeps,
  input: Caller & { guestId: string; body: ConsoleReceptionGuestInput },
): Promise<ReceptionGuest> {
  await requireCan(deps, { ...input, action });
  const edits = guestEdits(input.body);
  const phaseIds = await checkLinks(deps.db, input.meetingId, input.body);
  const now = new Date();
  try {
    await auditedWrite(
      deps.db,
      {
        actorUserId: input.userId,
        meetingId: input.meetingId,
        action,
        entity: 'reception_guest',
        entityId: input.guestId,
      },
      async (tx) => {
        // Before any row lock: one history writer of the meeting at a time, so no lock-order deadlock
        // with the desk (which locks guest_phase, then guest) and history ids follow commit order.
        await lockReceptionHistory(tx, input.meetingId);
        const before = await findGuest(tx, input.meetingId, input.guestId, true);
        if (!before) throw guestNotFound();
        const next = {
          name: before.name,
          title: before.title,
          description: before.description,
          photo: before.photo,
          note: before.note,
          phone: before.phone,
          areaCode: before.areaCode,
          email: before.email,
          code: before.code,
          staffUserId: before.staffUserId,
          ...edits,
          ...(input.body.staff_user_id === undefined
            ? {}
            : { staffUserId: input.body.staff_user_id || null }),
        };
        await checkClashes(tx, input.meetingId, next, before.id);
        const changed = trackedFields.filter((f) => (before[f] ?? null) !== (next[f] ?? null));
        const history = changed.map((f) =>
          historyRow(input, before.id, f === 'staffUserId' ? 'staff_user_id' : f, next[f], before[f], now),
        );
        const fieldTimes = { ...before.fieldTimes };
        for (const f of changed) fieldTimes[f === 'staffUserId' ? 'staff_user_id' : f] = now.toISOString();
        const writes: Partial<typeof next> = {};
        for (const f of changed) Object.assign(writes, { [f]: next[f] });
        if (changed.includes('phone')) writes.areaCode = next.areaCode;
        if (input.body.phase_ids !== undefined) {
          await replaceGuestPhases(tx, input.meetingId, before.id, phaseIds);
          history.push(historyRow(input, before.id, 'phases', phaseIds, null, now));
        }
        const after = await updateGuestRow(tx, before.id, {
          ...writes,
          fieldTimes,
          version: before.version + 1,
          updatedAt: now,
        });
        if (history.length > 0) await insertHistory(tx, history);
        return { result: before.id, before, after };
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw guestDuplicate('phone, e-mail or code');
    throw error;
  }
  return guestOf(deps.db, input.meetingId, input.guestId);
}

/** DELETE /console/meetings/{meeting_id}/reception/guests/{id} (soft). @throws 403; 404 guest_not_found */
export async function deleteGuest(
  deps: ConsoleReceptionDeps,
  input: Caller & { guestId: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action });
  const now = new Date();
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'reception_guest',
      entityId: input.guestId,
    },
    async (tx) => {
      await lockReceptionHistory(tx, input.meetingId);
      const before = await findGuest(tx, input.meetingId, input.guestId, true);
      if (!before) throw guestNotFound();
      await softDeleteGuest(tx, before.id, before.version + 1, now);
      await insertHistory(tx, [historyRow(input, before.id, 'guest', 'deleted', null, now)]);
      return { result: before.id, before: { deleted: 0 }, after: { deleted: 1 } };
    },
  );
  return { ok: 1 };
}

/**
 * PUT /console/meetings/{meeting_id}/reception/guests/{id}/phases/{phase_id}: the organiser's toggle
 * (§4), a desk write at the server's time under the guest-phase row lock: applied when later than the
 * status's stored time (last writer wins), else kept in the history as stale.
 * @throws 403; 404 guest_not_found; 409 reception.phase_not_assigned
 */
export async function setGuestStatus(
  deps: ConsoleReceptionDeps,
  input: Caller & { guestId: string; phaseId: string; status: 0 | 1 },
): Promise<ReceptionGuest> {
  await requireCan(deps, { ...input, action });
  const now = new Date();
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'reception_guest',
      entityId: input.guestId,
    },
    async (tx) => {
      // The meeting's history lock first, then the guest_phase row, then the guest row: the desk's
      // order (reception.service applyWrite), so the two never wait on each other in a cycle.
      await lockReceptionHistory(tx, input.meetingId);
      const guest = await findGuest(tx, input.meetingId, input.guestId);
      if (!guest) throw guestNotFound();
      const phase = await findPhase(tx, input.meetingId, input.phaseId);
      const link = phase ? await lockGuestPhase(tx, guest.id, input.phaseId) : undefined;
      if (!link) {
        throw new AppError(409, ReceptionError.phaseNotAssigned, 'The guest is not assigned to this phase');
      }
      const isApplied = !link.statusAt || now.getTime() > link.statusAt.getTime();
      await insertHistory(tx, [
        {
          ...historyRow(input, guest.id, 'status', input.status, link.status, now, input.phaseId),
          mutationId: randomUUID(),
          outcome: isApplied ? 'applied' : 'stale',
        },
      ]);
      if (isApplied) {
        await setGuestPhaseStatus(tx, guest.id, input.phaseId, {
          status: input.status,
          statusAt: now,
          statusBy: input.userId,
          updatedAt: now,
        });
        await bumpGuestVersion(tx, guest.id, now);
      }
      return {
        result: isApplied,
        before: { phaseId: input.phaseId, status: link.status },
        after: { phaseId: input.phaseId, status: isApplied ? input.status : link.status },
      };
    },
  );
  return guestOf(deps.db, input.meetingId, input.guestId);
}

/** GET /console/meetings/{meeting_id}/reception/staff: receptionists with accounts. @throws 403 */
export async function listStaff(
  deps: ConsoleReceptionDeps,
  input: Caller,
): Promise<{ results: ConsoleReceptionStaff[] }> {
  await requireCan(deps, { ...input, action });
  const [staff, counts] = await Promise.all([
    findStaff(deps.db, input.meetingId),
    assignedCounts(deps.db, input.meetingId),
  ]);
  return {
    results: staff.map((s) => ({
      user_id: toWireId(s.userId),
      name: s.name,
      phone: s.phone,
      email: s.email,
      reception_role: s.receptionRole === '1' || s.receptionRole === '2' ? s.receptionRole : null,
      assigned_total: counts.get(s.userId) ?? 0,
    })),
  };
}

/** The stored form of a phase input. @throws 400 validation_failed */
function phaseValues(body: ConsoleReceptionPhaseInput) {
  const titles = typeof body.title === 'string' ? [body.title] : Object.values(body.title);
  if (!titles.some((t) => t.trim() !== '')) throw badRequest(ErrorCode.validation, 'A phase needs a title');
  const form = (body.form ?? []) as ReceptionFormField[];
  const keys = new Set<string>();
  for (const field of form) {
    if (keys.has(field.key))
      throw badRequest(ErrorCode.validation, `The form key "${field.key}" is repeated`);
    keys.add(field.key);
    if (field.type === 'select' && field.options.length === 0) {
      throw badRequest(ErrorCode.validation, `The choice field "${field.key}" needs options`);
    }
  }
  return {
    title: body.title,
    description: body.description ?? {},
    staffRole: body.staff_role || null,
    form: form.map((f) => ({ ...f, options: f.type === 'select' ? f.options : [] })),
  };
}

/** GET …/reception/phases. @throws 403 */
export async function listPhases(
  deps: ConsoleReceptionDeps,
  input: Caller,
): Promise<{ results: ReceptionPhase[] }> {
  await requireCan(deps, { ...input, action });
  return { results: await phasesOf(deps.db, input.meetingId) };
}

/** POST …/reception/phases: a phase at the end. @throws 400 validation_failed; 403 */
export async function createPhase(
  deps: ConsoleReceptionDeps,
  input: Caller & { body: ConsoleReceptionPhaseInput },
): Promise<ReceptionPhase> {
  await requireCan(deps, { ...input, action });
  const values = phaseValues(input.body);
  const id = newId();
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'reception_phase',
      entityId: id,
    },
    async (tx) => {
      const existing = await findPhases(tx, input.meetingId);
      if (existing.length >= consoleReceptionLimits.maxPhases) {
        throw badRequest(
          ErrorCode.validation,
          `A meeting has at most ${consoleReceptionLimits.maxPhases} phases`,
        );
      }
      const position = (await maxPhasePosition(tx, input.meetingId)) + 1;
      const created = await insertPhase(tx, { id, meetingId: input.meetingId, position, ...values });
      return { result: created, before: null, after: created };
    },
  );
  return toPhase(row as NonNullable<typeof row>);
}

/** PUT …/reception/phases/{id}. @throws 400 validation_failed; 403; 404 not_found */
export async function updatePhase(
  deps: ConsoleReceptionDeps,
  input: Caller & { phaseId: string; body: ConsoleReceptionPhaseInput },
): Promise<ReceptionPhase> {
  await requireCan(deps, { ...input, action });
  const values = phaseValues(input.body);
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'reception_phase',
      entityId: input.phaseId,
    },
    async (tx) => {
      const before = await findPhase(tx, input.meetingId, input.phaseId, true);
      if (!before) throw new AppError(404, ErrorCode.notFound, 'Phase not found');
      const after = await updatePhaseRow(tx, before.id, { ...values, updatedAt: new Date() });
      return { result: before.id, before, after };
    },
  );
  const counts = await phaseCounts(deps.db, input.meetingId);
  const row = await findPhase(deps.db, input.meetingId, input.phaseId);
  return toPhase(row as NonNullable<typeof row>, counts.get(input.phaseId));
}

/** DELETE …/reception/phases/{id} (soft). @throws 403; 404 not_found */
export async function deletePhase(
  deps: ConsoleReceptionDeps,
  input: Caller & { phaseId: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action });
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'reception_phase',
      entityId: input.phaseId,
    },
    async (tx) => {
      const before = await findPhase(tx, input.meetingId, input.phaseId, true);
      if (!before) throw new AppError(404, ErrorCode.notFound, 'Phase not found');
      await softDeletePhase(tx, before.id, new Date());
      return { result: before.id, before: { deleted: 0 }, after: { deleted: 1 } };
    },
  );
  return { ok: 1 };
}

/** PUT …/reception/phase-order: every phase once, in the new order. @throws 400 validation_failed; 403 */
export async function reorderPhases(
  deps: ConsoleReceptionDeps,
  input: Caller & { ids: string[] },
): Promise<{ results: ReceptionPhase[] }> {
  await requireCan(deps, { ...input, action });
  await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'reception_phase_order' },
    async (tx) => {
      const phases = await lockPhases(tx, input.meetingId);
      const known = new Set(phases.map((p) => p.id));
      const unique = new Set(input.ids);
      if (
        unique.size !== input.ids.length ||
        unique.size !== known.size ||
        input.ids.some((id) => !known.has(id))
      ) {
        throw badRequest(ErrorCode.validation, 'Name every phase of the meeting once');
      }
      for (const [position, id] of input.ids.entries()) {
        await setPhasePosition(tx, id, position, new Date());
      }
      return {
        result: null,
        before: phases.map((p) => ({ id: p.id, position: p.position })),
        after: input.ids.map((id, position) => ({ id, position })),
      };
    },
  );
  return { results: await phasesOf(deps.db, input.meetingId) };
}

/**
 * GET …/reception/board: per phase assigned and received, and the latest arrivals (applied status 1
 * writes of the history, newest first). reception.manage or reception.desk. @throws 403 no_permission
 */
export async function getBoard(deps: ConsoleReceptionDeps, input: Caller): Promise<ReceptionBoard> {
  const access = await meetingAccess(deps, input.userId, input.meetingId);
  if (!can(access, 'reception.manage') && !can(access, 'reception.desk')) throw noPermission();
  const [phases, guestTotal, recent] = await Promise.all([
    phasesOf(deps.db, input.meetingId),
    countGuests(deps.db, input.meetingId),
    findRecentArrivals(deps.db, input.meetingId, consoleReceptionLimits.boardRecent),
  ]);
  const names = await namesOfUsers(
    deps.db,
    recent.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return {
    guest_total: guestTotal,
    phases: phases.map((p) => ({
      phase_id: p._id,
      title: p.title,
      staff_role: p.staff_role,
      guest_total: p.guest_total,
      received_total: p.received_total,
    })),
    recent: recent.map((r) => ({
      history_id: r.id,
      guest_id: toWireId(r.guestId),
      guest_name: r.guestName,
      guest_title: r.guestTitle,
      guest_photo: r.guestPhoto,
      phase_id: toWireId(r.phaseId as string),
      phase_title: r.phaseTitle,
      by_name: r.userId ? (names.get(r.userId) ?? '') : '',
      at: unix(r.clientAt),
    })),
    at: unix(new Date()),
  };
}
