import { z } from 'zod';
import { objectIdPattern } from './ids.ts';

/** Zod schema of a bare 24-hex id string. */
export const ObjectIdString = z.string().regex(objectIdPattern, 'Invalid ObjectId');

/** Wire form of an identifier: `{ $id: "<24 hex>" }` (§3, DESIGN §3). */
export const WireId = z.object({ $id: ObjectIdString });
export type WireId = z.infer<typeof WireId>;
