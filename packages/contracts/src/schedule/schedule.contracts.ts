import { z } from 'zod';
import { IdParams } from '../wire/common.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Export of a meeting's programme in the frab/pretalx schedule-JSON standard
 * (c3voc schema, `fixtures/schedule-json.schema.json`). The body is validated by the exporter's tests
 * against that JSON schema; here it is typed loosely.
 */
export const exportSchedule = defineRoute({
  method: 'GET',
  path: '/meetings/:id/schedule.json',
  summary: "A meeting's programme as schedule JSON (frab/pretalx standard).",
  spec: '§3 Agenda, schedule interchange',
  tags: ['schedule'],
  isPublic: true,
  params: IdParams,
  response: z.object({
    $schema: z.string().optional(),
    generator: z.record(z.string(), z.unknown()).optional(),
    schedule: z.record(z.string(), z.unknown()),
  }),
});
