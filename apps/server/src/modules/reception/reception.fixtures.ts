import type { ReceptionFormField } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { meetingRoles, platformAdmins } from '../roles/roles.tables.ts';
import { newGuestCode } from './reception.service.ts';
import { receptionGuestPhases, receptionGuests, receptionPhases } from './reception.tables.ts';

/**
 * Test and bench data of the reception desk (§3 Guest, Reception guest): phases with forms, guests
 * assigned to phases, reception grants with a sub-role, platform administrators. Rows are written
 * straight to the tables (the console's import is tested on its own).
 */

/** A phase of a meeting; returns its id. */
export async function insertReceptionPhase(
  db: Database,
  input: {
    meetingId: string;
    title?: string;
    position?: number;
    staffRole?: '1' | '2' | null;
    form?: ReceptionFormField[];
  },
): Promise<string> {
  const id = newId();
  await db.insert(receptionPhases).values({
    id,
    meetingId: input.meetingId,
    title: { en: input.title ?? 'Phase', zh: input.title ?? '环节' },
    position: input.position ?? 0,
    staffRole: input.staffRole ?? null,
    form: input.form ?? [],
  });
  return id;
}

export type GuestSpec = {
  name?: string;
  title?: string;
  phone?: string | null;
  email?: string | null;
  code?: string;
  photo?: string;
  staffUserId?: string | null;
  userId?: string | null;
  phaseIds?: string[];
};

/** Guests of a meeting assigned to their phases (`phaseIds`); returns their ids in order. */
export async function insertReceptionGuests(
  db: Database,
  meetingId: string,
  specs: GuestSpec[],
): Promise<string[]> {
  const rows = specs.map((spec, index) => ({
    id: newId(),
    meetingId,
    name: spec.name ?? `Guest ${index + 1}`,
    title: spec.title ?? '',
    phone: spec.phone ?? null,
    areaCode: spec.phone ? '86' : null,
    email: spec.email?.toLowerCase() ?? null,
    code: spec.code ?? newGuestCode(),
    photo: spec.photo ?? '',
    staffUserId: spec.staffUserId ?? null,
    userId: spec.userId ?? null,
  }));
  for (let start = 0; start < rows.length; start += 1_000) {
    await db.insert(receptionGuests).values(rows.slice(start, start + 1_000));
  }
  const assignments = rows.flatMap((row, index) =>
    (specs[index]?.phaseIds ?? []).map((phaseId) => ({ guestId: row.id, phaseId, meetingId })),
  );
  for (let start = 0; start < assignments.length; start += 1_000) {
    await db.insert(receptionGuestPhases).values(assignments.slice(start, start + 1_000));
  }
  return rows.map((row) => row.id);
}

/** Grants a phone (E.164) a role of the meeting; `reception` with its sub-role '1' or '2'. */
export async function grantReceptionRole(
  db: Database,
  input: {
    meetingId: string;
    phone: string;
    role?: 'reception' | 'organiser' | 'owner';
    receptionRole?: '1' | '2';
  },
): Promise<void> {
  const role = input.role ?? 'reception';
  await db.insert(meetingRoles).values({
    id: newId(),
    meetingId: input.meetingId,
    phone: input.phone,
    role,
    receptionRole: role === 'reception' ? (input.receptionRole ?? '1') : null,
  });
}

/** Makes a phone (E.164) a platform administrator. */
export async function grantPlatformAdmin(db: Database, phone: string): Promise<void> {
  await db.insert(platformAdmins).values({ id: newId(), phone });
}

/**
 * A desk of `guests` guests: three phases (airport pick-up for everyone, hotel for sub-role '2' with a
 * form, dinner), every guest in the first two, names "Guest 00001" …, phones +8613700000001 …,
 * titles cycling through a few roles. Returns the phase ids and guest ids.
 */
export async function seedReceptionDesk(
  db: Database,
  meetingId: string,
  guests: number,
): Promise<{ airport: string; hotel: string; dinner: string; guestIds: string[] }> {
  const airport = await insertReceptionPhase(db, { meetingId, title: 'Airport pick-up', position: 0 });
  const hotel = await insertReceptionPhase(db, {
    meetingId,
    title: 'Hotel',
    position: 1,
    staffRole: '2',
    form: [
      { key: 'room', type: 'text', label: { en: 'Room' }, options: [], required: 1 },
      { key: 'nights', type: 'number', label: { en: 'Nights' }, options: [], required: 0 },
    ],
  });
  const dinner = await insertReceptionPhase(db, { meetingId, title: 'Dinner', position: 2 });
  const titles = ['Professor', 'CEO', 'Minister', 'Engineer', 'Director', 'Researcher'];
  const guestIds = await insertReceptionGuests(
    db,
    meetingId,
    Array.from({ length: guests }, (_, i) => ({
      name: `Guest ${String(i + 1).padStart(5, '0')}`,
      title: titles[i % titles.length] ?? '',
      phone: `+86137${String(i + 1).padStart(8, '0')}`,
      phaseIds: [airport, hotel],
    })),
  );
  return { airport, hotel, dinner, guestIds };
}
