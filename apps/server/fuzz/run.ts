import { signApikey } from '@app/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import qs from 'qs';
import type { Database } from '../src/db/client.ts';
import { seedDemoLives } from '../src/seeds/demo-lives.ts';
import {
  createDemoWorld,
  type DemoWorld,
  otherMeetingId,
  type RoleName,
  roleNames,
} from '../test/demo-roles.ts';
import { testDeviceId, testSalt } from '../test/test-app.ts';
import { type Mutation, mutationArb, nested } from './hostile.ts';
import {
  createResponseChecker,
  fetchOpenApi,
  type Operation,
  operationsOf,
  type Schema,
} from './operations.ts';

/**
 * Fuzz run over every operation of the OpenAPI document (§7, §9): for each operation, `FUZZ_RUNS`
 * requests sampled by fast-check from one fixed `FUZZ_SEED` — half valid inputs generated from the
 * operation's schemas by json-schema-faker (ids mostly taken from the seeded demo meeting), half with
 * one hostile mutation (hostile.ts) — each as a random role of §6 (guest, user, participant,
 * exhibitor, check-in staff, organiser, organiser of another meeting), through the in-process app.
 * Every answer must be below 500 and match what the document declares for its status (operations.ts).
 * Prints operations covered, cases run, failures (each with its request) and the wall time; exits 1
 * on any failure.
 *
 * `npm run fuzz` runs it with `--seed=2019 --runs=100`; `--only=<part of "METHOD /path">` (or
 * FUZZ_SEED, FUZZ_RUNS, FUZZ_ONLY) narrows a reproduction.
 */

/** `--name=value` from the command line (the last one wins), else the environment variable. */
function option(name: string, env: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.findLast((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? process.env[env];
}

const seed = Number(option('seed', 'FUZZ_SEED') ?? 2019);
const runs = Number(option('runs', 'FUZZ_RUNS') ?? 100);
const only = option('only', 'FUZZ_ONLY');

type Pools = Record<string, string[]>;

/** Ids of each resource the demo seed made (a few per table, plus the other meeting). */
async function idPools(db: Database): Promise<Pools> {
  const tables = [
    'meetings',
    'agendas',
    'speakers',
    'users',
    'enterprises',
    'products',
    'exhibitors',
    'exhibitor_accounts',
    'activities',
    'activity_prices',
    'activity_sources',
    'forms',
    'tickets',
    'agents',
    'appointments',
    'schedules',
    'categories',
    'lives',
    'live_chat_messages',
  ];
  const pools: Pools = {};
  for (const table of tables) {
    const result = (await db.execute(sql.raw(`SELECT id FROM ${table} ORDER BY id LIMIT 6`))) as unknown as {
      rows: { id: string }[];
    };
    pools[table] = result.rows.map((row) => row.id);
  }
  pools.meetings = [...new Set([...(pools.meetings ?? []), otherMeetingId])];
  return pools;
}

/**
 * What each role owns, so that owner-only calls get past their permission check: the exhibitor's
 * enterprise, its exhibitor row, products and slots; the participant's ticket.
 */
async function ownPools(world: DemoWorld): Promise<Partial<Record<RoleName, Pools>>> {
  const db = world.t.database.db;
  const ids = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  const [enterprise] = await ids(
    sql`SELECT enterprise_id AS id FROM exhibitor_accounts WHERE account = 'demo-exhibitor'`,
  );
  return {
    exhibitor: {
      enterprises: enterprise ? [enterprise] : [],
      exhibitors: await ids(sql`SELECT id FROM exhibitors WHERE enterprise_id = ${enterprise ?? ''}`),
      products: await ids(sql`SELECT id FROM products WHERE enterprise_id = ${enterprise ?? ''} LIMIT 6`),
      schedules: await ids(sql`SELECT id FROM schedules WHERE enterprise_id = ${enterprise ?? ''} LIMIT 6`),
    },
    participant: { tickets: [world.participantTicketId] },
  };
}

/** Ids of the named resources: mostly the role's own when it has some, else any of the seed's. */
function idsFor(names: string[], ctx: BuildContext, role: RoleName, random: () => number): string[] {
  const own = names.flatMap((name) => ctx.own[role]?.[name] ?? []);
  if (own.length && random() < 0.6) return own;
  return names.flatMap((name) => ctx.pools[name] ?? []);
}

type BuildContext = { pools: Pools; own: Partial<Record<RoleName, Pools>>; demoMeetingId: string };

/** Resource of a path parameter: `{id}` after `/enterprises` → enterprises, `{product_id}` → products. */
const segmentPools: Record<string, string[]> = {
  meetings: ['meetings'],
  enterprises: ['enterprises'],
  products: ['products'],
  exhibitors: ['exhibitors', 'enterprises'],
  users: ['users'],
  activities: ['activities'],
  forms: ['forms'],
  tickets: ['tickets'],
  appointments: ['appointments'],
  lives: ['lives'],
};
const namePools: Record<string, string[]> = {
  meeting_id: ['meetings'],
  user_id: ['users'],
  speaker_id: ['speakers'],
  product_id: ['products'],
  schedule_id: ['schedules'],
  agent_id: ['agents'],
  activity_id: ['activities'],
  price_id: ['activity_prices'],
  source_id: ['activity_sources'],
  enterprise_id: ['enterprises'],
  exhibitor_id: ['exhibitors'],
  ticket_id: ['tickets'],
  form_id: ['forms'],
  exhibitor_account_id: ['exhibitor_accounts'],
  category_id: ['categories'],
  agenda_id: ['agendas'],
  appointment_id: ['appointments'],
  live_id: ['lives'],
  message_id: ['live_chat_messages'],
};
/** Realistic values of path parameters that are not ids. */
const namedValues: Record<string, string[]> = {
  type: ['navigation', 'industry', 'speaker', 'exhibitor_group', 'page_section', 'meeting_attachment', 'x'],
  provider: ['wechat', 'google', 'facebook', 'github'],
  phone: ['13800138000', '13900139000', '+8613800138000', '123'],
  code: ['123456', '000000', 'abc'],
  email: ['ada@example.org', 'not-an-email'],
  bucket: ['images', 'files', 'uploads'],
  '*': ['a.png', 'x/y/z.jpg', '..%2f..%2fetc%2fpasswd'],
};

/** A small deterministic PRNG (mulberry32) for choices derived from one case seed. */
function prng(start: number) {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The schema with every string's maxLength capped at 64 (minLength too): json-schema-faker does not
 * apply its own maxLength option to a schema that sets one, and a contract allowing megabytes (a
 * schedule file, a base64 registrant file) made it generate megabytes for every case. Limits
 * themselves are the hostile mutations' business.
 */
function capStrings(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(capStrings);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = capStrings(value);
  if (typeof copy.maxLength === 'number') copy.maxLength = Math.min(copy.maxLength, 64);
  if (typeof copy.minLength === 'number') copy.minLength = Math.min(copy.minLength, 64);
  return copy;
}

function fake(schema: Schema, caseSeed: number): unknown {
  try {
    return generateSync(capStrings(schema) as never, {
      seed: caseSeed,
      optionalsProbability: 0.6,
      maxItems: 4,
      maxLength: 40,
      maxDepth: 4,
    });
  } catch {
    return undefined;
  }
}

/** Realistic values of body and query fields that are not ids (phones, e-mails, the demo account). */
const fieldValues: Record<string, string[]> = {
  phone: ['13800138000', '13800138123', '13900139000'],
  area_code: ['86'],
  email: ['ada@example.org', 'lin@example.org'],
  account: ['demo-exhibitor'],
  password: ['Exhibitor2019!', 'wrong-password'],
  code: ['123456'],
  lang: ['en', 'zh'],
  // Meeting requests and slots (§4 appointments): future days, times of day, IANA zones.
  date: [1, 2, 30, 200].map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
  start_time: ['09:00', '10:30', '23:30'],
  end_time: ['09:30', '11:00', '00:15'],
  timezone: ['Asia/Shanghai', 'Europe/Berlin', 'America/Nowhere'],
};

/** Puts realistic ids (demo meeting mostly) into the `*_id` fields of a generated value. */
function realiseIds(value: unknown, ctx: BuildContext, role: RoleName, random: () => number): unknown {
  const { demoMeetingId } = ctx;
  if (Array.isArray(value)) return value.map((item) => realiseIds(item, ctx, role, random));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const pool = namePools[key] ? idsFor(namePools[key], ctx, role, random) : undefined;
    const values = fieldValues[key];
    if (key === 'meeting_id' && random() < 0.9) out[key] = demoMeetingId;
    else if (values && random() < 0.7) out[key] = values[Math.floor(random() * values.length)];
    else if (pool?.length && typeof item === 'string' && random() < 0.8)
      out[key] = pool[Math.floor(random() * pool.length)];
    else out[key] = realiseIds(item, ctx, role, random);
  }
  return out;
}

type FuzzRequest = {
  role: RoleName;
  path: Record<string, string>;
  query: Record<string, unknown>;
  rawQuery: string;
  body?: { contentType: string; payload: string };
  remoteAddress: string;
};

type Case = { role: RoleName; caseSeed: number; mutation: Mutation | null; ip: number };

const caseArb = fc.record({
  role: fc.constantFrom(...roleNames),
  caseSeed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  mutation: fc.option(mutationArb, { freq: 2 }),
  ip: fc.integer({ min: 1, max: 2 ** 24 - 1 }),
});

/** Builds the request of one case: valid values from the schemas, then the case's mutation. */
function buildRequest(op: Operation, c: Case, ctx: BuildContext): FuzzRequest {
  const { demoMeetingId } = ctx;
  const random = prng(c.caseSeed);
  const path: Record<string, string> = {};
  const segments = op.path.split('/');
  for (const param of op.pathParams) {
    const at = segments.indexOf(`{${param.name}}`);
    const resources = param.name === 'id' ? segmentPools[segments[at - 1] ?? ''] : namePools[param.name];
    const pool = resources ? idsFor(resources, ctx, c.role, random) : (namedValues[param.name] ?? []);
    if (param.name === 'id' && segments[at - 1] === 'meetings' && random() < 0.7)
      path[param.name] = demoMeetingId;
    else if (pool.length && random() < 0.85)
      path[param.name] = pool[Math.floor(random() * pool.length)] ?? '';
    else path[param.name] = String(fake(param.schema, c.caseSeed) ?? 'x');
  }
  const querySchema = {
    type: 'object',
    properties: Object.fromEntries(op.queryParams.map((p) => [p.name, p.schema])),
    required: op.queryParams.filter((p) => p.required).map((p) => p.name),
  };
  let query = (realiseIds(fake(querySchema, c.caseSeed), ctx, c.role, random) ?? {}) as Record<
    string,
    unknown
  >;
  if (op.queryParams.some((p) => p.name === 'meeting_id') && random() < 0.85) {
    query = { ...query, meeting_id: demoMeetingId };
  }
  // The JSON query object (§7) is mostly left out or simple: faker's random keys stop at the first check.
  if ('query' in query && random() < 0.6) query.query = random() < 0.5 ? {} : { type: 'x' };
  let body: FuzzRequest['body'];
  let bodyValue: unknown;
  const asForm = random() < 0.4;
  if (op.body) {
    bodyValue = realiseIds(fake(op.body.schema, c.caseSeed + 1), ctx, c.role, random) ?? {};
  }
  let rawQuery = '';
  const m = c.mutation;
  const stringTargets = (): ((text: string) => void)[] => {
    const targets: ((text: string) => void)[] = [];
    for (const name of Object.keys(path)) targets.push((text) => (path[name] = text));
    for (const p of op.queryParams) {
      targets.push(
        (text) => (query[p.name] = p.name === 'query' || p.name === 'sort' ? { type: text } : text),
      );
    }
    if (bodyValue && typeof bodyValue === 'object' && !Array.isArray(bodyValue)) {
      const record = bodyValue as Record<string, unknown>;
      const keys = Object.keys(record).length ? Object.keys(record) : ['name'];
      for (const key of keys) targets.push((text) => (record[key] = text));
    }
    if (!targets.length) targets.push((text) => (rawQuery = `q=${encodeLoose(text)}`));
    return targets;
  };
  const bodyRecord = () => {
    if (!bodyValue || typeof bodyValue !== 'object' || Array.isArray(bodyValue)) bodyValue = {};
    return bodyValue as Record<string, unknown>;
  };
  if (m?.kind === 'badText') {
    const targets = stringTargets();
    targets[m.target % targets.length]?.(m.text);
  } else if (m?.kind === 'reservedKey') {
    const hostile = JSON.parse(`{"${m.key}":{"type":"x"}}`);
    if (m.where === 'querystring' || (m.where === 'body' && !op.body && op.method === 'GET')) {
      rawQuery = `${m.key}=1`;
    } else if (m.where === 'queryObject') query.query = hostile;
    else bodyValue = Object.assign(bodyRecord(), hostile);
  } else if (m?.kind === 'paging') {
    query[m.param] = m.value;
  } else if (m?.kind === 'time') {
    if (m.inBody && op.body) bodyRecord()[m.field] = m.value;
    else query.query = { [m.field]: { [m.operator]: m.value } };
  } else if (m?.kind === 'nesting') {
    if (m.inBody && op.body) bodyRecord().deep = nested(m.depth);
    else query.query = { type: nested(m.depth) };
  } else if (m?.kind === 'pathId') {
    const names = Object.keys(path);
    const name = names[m.target % Math.max(1, names.length)];
    if (name) path[name] = m.value;
    else query.meeting_id = m.value;
  }
  if (m?.kind === 'oversize') {
    const filler = 'x'.repeat(m.bytes);
    body = m.json
      ? { contentType: 'application/json', payload: JSON.stringify({ ...bodyRecord(), filler }) }
      : { contentType: 'application/x-www-form-urlencoded', payload: `filler=${filler}` };
  } else if (m?.kind === 'contentType') {
    body = { contentType: m.contentType, payload: m.body };
  } else if (bodyValue !== undefined) {
    body = asForm
      ? { contentType: 'application/x-www-form-urlencoded', payload: qs.stringify(bodyValue) }
      : { contentType: 'application/json', payload: JSON.stringify(bodyValue) };
  }
  const remoteAddress = `10.${(c.ip >> 16) & 255}.${(c.ip >> 8) & 255}.${c.ip & 255}`;
  return { role: c.role, path, query, rawQuery, ...(body ? { body } : {}), remoteAddress };
}

/**
 * Percent-encodes a text like encodeURIComponent, but keeps a lone surrogate as the three bytes a
 * careless client would send (ED A0 80 …) instead of throwing or replacing it.
 */
function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** The URL of a request: path values percent-encoded, query objects JSON-encoded (§7). */
function urlOf(op: Operation, req: FuzzRequest): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_all, name: string) =>
    name === '*'
      ? encodeLoose(req.path[name] ?? '').replaceAll('%2F', '/')
      : encodeLoose(req.path[name] ?? ''),
  );
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(req.query)) {
    if (value === undefined) continue;
    pairs.push(
      `${encodeLoose(key)}=${encodeLoose(typeof value === 'object' ? JSON.stringify(value) : String(value))}`,
    );
  }
  const text = [...pairs, req.rawQuery].filter(Boolean).join('&');
  return `${path}${text ? `?${text}` : ''}`;
}

async function send(world: DemoWorld, op: Operation, req: FuzzRequest) {
  const url = urlOf(op, req);
  const headers: Record<string, string> = {
    'device-id': testDeviceId,
    'client-id': testDeviceId,
    version: '2.23.1',
  };
  if (req.role !== 'guest') headers.authorization = `Bearer ${world.logins[req.role].token}`;
  const withBody = req.body && op.method !== 'GET';
  if (withBody && req.body) headers['content-type'] = req.body.contentType;
  headers.apikey = signApikey({
    salt: testSalt,
    method: op.method,
    pathWithQuery: url,
    timestamp: Math.floor(Date.now() / 1000),
    deviceId: testDeviceId,
    body: withBody ? req.body?.payload : undefined,
  });
  const response = await world.t.app.inject({
    method: op.method as 'GET',
    url,
    headers,
    remoteAddress: req.remoteAddress,
    ...(withBody ? { payload: req.body?.payload } : {}),
  });
  return { url, response };
}

/** A 31-bit FNV-1a hash of an operation key. */
function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 1) % 1_000_000_007;
}

type Failure = {
  op: string;
  role: RoleName;
  mutation: string;
  url: string;
  status: number;
  reason: string;
  /** The request body (content type and the first 300 characters), if any. */
  sent: string;
  body: string;
};

async function main(): Promise<void> {
  const started = Date.now();
  const world = await createDemoWorld();
  // The demo live (public, chat on), so the lives and chat operations reach past their 404.
  await seedDemoLives(world.t.database.db);
  const setupMs = Date.now() - started;
  const doc = await fetchOpenApi(world.t.app);
  const operations = operationsOf(doc).filter((op) => !only || op.key.includes(only));
  const ctx: BuildContext = {
    pools: await idPools(world.t.database.db),
    own: await ownPools(world),
    demoMeetingId: world.meetingId,
  };
  const check = createResponseChecker();
  const failures: Failure[] = [];
  const statuses = new Map<number, number>();
  const byKind = new Map<string, number>();
  const neverOk: string[] = [];
  let cases = 0;
  for (const op of operations) {
    // Each operation's cases depend on the seed and its own key only, so --only reproduces them.
    const sample = fc.sample(caseArb, { seed: seed + keyHash(op.key), numRuns: runs }) as Case[];
    let okSeen = false;
    for (const c of sample) {
      const req = buildRequest(op, c, ctx);
      const { url, response } = await send(world, op, req);
      cases += 1;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const kind = c.mutation?.kind ?? 'valid';
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      if (response.statusCode < 300) okSeen = true;
      const verdict = check(op, response);
      if (!verdict.ok) {
        failures.push({
          op: op.key,
          role: c.role,
          mutation: kind,
          url: url.length > 300 ? `${url.slice(0, 300)}…` : url,
          status: response.statusCode,
          reason: verdict.reason,
          sent: req.body ? `${req.body.contentType}: ${req.body.payload.slice(0, 300)}` : '',
          body: response.body.slice(0, 300),
        });
      }
      // Logging out ends the session: the role signs in again for the cases that follow.
      if (op.key === 'DELETE /api/tokens/current' && c.role !== 'guest' && response.statusCode === 200) {
        await world.relogin(c.role);
      }
    }
    if (!okSeen) neverOk.push(op.key);
  }
  await world.t.close();
  const wallMs = Date.now() - started;
  const failedOps = new Set(failures.map((f) => f.op));
  for (const f of failures.slice(0, 40)) {
    console.log(
      `FAIL ${f.op} as ${f.role} (${f.mutation}) → ${f.status}: ${f.reason}\n  ${f.url}\n  sent ${f.sent || 'nothing'}\n  got ${f.body}`,
    );
  }
  console.log(
    JSON.stringify(
      {
        seed,
        runsPerOperation: runs,
        operationsCovered: operations.length,
        casesRun: cases,
        failures: failures.length,
        failedOperations: [...failedOps],
        casesByClass: Object.fromEntries(byKind),
        statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
        operationsWithoutA2xx: neverOk,
        setupSeconds: Math.round(setupMs / 100) / 10,
        wallSeconds: Math.round(wallMs / 100) / 10,
      },
      null,
      2,
    ),
  );
  if (failures.length > 0 || operations.length === 0) process.exitCode = 1;
}

await main();
