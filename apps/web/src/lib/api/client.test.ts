import { apikeySignature } from '@app/contracts/wire/apikey.ts';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, ApiError, createApiClient, isSingleIdQuery, serializeQuery } from './client.ts';

type Call = { url: string; init: RequestInit; headers: Record<string, string> };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function setup(
  answers: ((call: Call) => Response | Promise<Response>)[],
  overrides: Partial<ApiClientDeps> = {},
) {
  const calls: Call[] = [];
  let offset = 0;
  let clock = 1_700_000_000_000;
  const deps: ApiClientDeps = {
    baseUrl: '/api',
    salt: 'test-salt-123',
    fetch: async (url, init) => {
      const call = { url, init, headers: init.headers as Record<string, string> };
      calls.push(call);
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      if (!answer) throw new Error('no answer');
      return answer(call);
    },
    now: () => clock,
    deviceId: () => 'device-1',
    session: () => ({}),
    source: () => undefined,
    clockOffset: { get: () => offset, set: (ms) => (offset = ms) },
    ...overrides,
  };
  const client = createApiClient(deps);
  return { client, calls, advance: (ms: number) => (clock += ms), offset: () => offset };
}

describe('api client', () => {
  it('sends stage-version (§7) only when the build sets one (production)', async () => {
    const production = setup([() => json(200, { results: [] })], { stageVersion: '2024.05.1' });
    await production.client.list('/meeting/agendas', {});
    expect(production.calls[0]?.headers['stage-version']).toBe('2024.05.1');
    const development = setup([() => json(200, { results: [] })]);
    await development.client.list('/meeting/agendas', {});
    expect(development.calls[0]?.headers['stage-version']).toBeUndefined();
  });

  it('sends the §7 headers with an Apikey over the exact path, query and body', async () => {
    const { client, calls } = setup([() => json(200, { results: [] })], {
      session: () => ({ token: 'tok', userId: 'user-9' }),
    });
    await client.list('/meeting/agendas', { query: { meeting_id: 'abc', start: { $gte: 1 } }, limit: 999 });
    const call = calls[0]!;
    expect(call.url).toBe(
      `/api/meeting/agendas?query=${encodeURIComponent('{"meeting_id":"abc","start":{"$gte":1}}')}&limit=999`,
    );
    expect(call.headers['device-id']).toBe('device-1');
    expect(call.headers['client-id']).toBe('user-9');
    expect(call.headers.version).toBe('2.23.1');
    expect(call.headers.Authorization).toBe('Bearer tok');
    const [version, timestamp, signature] = call.headers.Apikey!.split('.');
    expect(version).toBe('v1');
    expect(Number(timestamp)).toBe(1_700_000_000);
    expect(signature).toBe(
      apikeySignature({
        salt: 'test-salt-123',
        method: 'GET',
        pathWithQuery: call.url,
        timestamp: 1_700_000_000,
        deviceId: 'device-1',
      }),
    );
  });

  it('uses the device id as client-id and sends no token on public lists', async () => {
    const { client, calls } = setup([() => json(200, { results: [] })], {
      session: () => ({ token: 'tok' }),
    });
    await client.list('/meeting/blocks', { query: { meeting_id: 'm' } });
    expect(calls[0]!.headers['client-id']).toBe('device-1');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('signs a form-encoded body and adds source_id to views', async () => {
    const { client, calls } = setup([() => json(200, { views_total: 3 })], { source: () => 'poster' });
    const answer = await client.post('/meetings/m1/views', { user_id: '' });
    expect(answer).toEqual({ views_total: 3 });
    const call = calls[0]!;
    expect(call.init.body).toBe('user_id=device-1&source_id=poster');
    expect(call.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    const timestamp = Number(call.headers.Apikey!.split('.')[1]);
    expect(call.headers.Apikey!.split('.')[2]).toBe(
      apikeySignature({
        salt: 'test-salt-123',
        method: 'POST',
        pathWithQuery: '/api/meetings/m1/views',
        timestamp,
        deviceId: 'device-1',
        body: call.init.body as string,
      }),
    );
  });

  it('signs a JSON body and keeps it JSON on the skew retry (the reception queue: typed numbers in lists)', async () => {
    const { client, calls } = setup([
      () => json(401, { code: 'apikey_expired', message: 'expired' }, { 'x-server-time': '1700000100' }),
      () => json(200, { results: [{ mutation_id: 'a' }], cursor: 7 }),
    ]);
    const body = {
      meeting_id: 'm1',
      mutations: [{ kind: 'status', status: 1, client_at: 1_700_000_000_123 }],
    };
    const answer = await client.request('POST', '/reception/sync', { json: body, whole: true });
    expect(answer).toEqual({ results: [{ mutation_id: 'a' }], cursor: 7 });
    for (const call of calls) {
      expect(call.headers['Content-Type']).toBe('application/json');
      expect(JSON.parse(call.init.body as string)).toEqual(body);
    }
    const retry = calls[1]!;
    expect(retry.headers.Apikey!.split('.')[2]).toBe(
      apikeySignature({
        salt: 'test-salt-123',
        method: 'POST',
        pathWithQuery: '/api/reception/sync',
        timestamp: Number(retry.headers.Apikey!.split('.')[1]),
        deviceId: 'device-1',
        body: retry.init.body as string,
      }),
    );
  });

  it('unwraps results, and takes the first item of a GET by _id', async () => {
    const items = [{ _id: { $id: 'a' } }, { _id: { $id: 'b' } }];
    const { client } = setup([() => json(200, { results: items })]);
    await expect(client.list('/meeting/speakers', { query: { meeting_id: 'm' } })).resolves.toEqual(items);
    await expect(client.one('/meeting/speakers', { query: { _id: 'a' } })).resolves.toEqual(items[0]);
    await expect(client.get('/meeting/speakers/count')).resolves.toEqual({ results: items }.results);
  });

  it('answers a page with fields beside results whole when asked (a live chat page and its pinned message)', async () => {
    const page = { results: [{ _id: { $id: 'a' } }], pinned: { _id: { $id: 'p' } } };
    const { client } = setup([() => json(200, page)]);
    await expect(client.whole('/lives/l1/chats')).resolves.toEqual(page);
  });

  it('answers null for a GET by _id with no result, and keeps lists for $in', async () => {
    const { client } = setup([() => json(200, { results: [] })]);
    await expect(client.one('/meeting/agendas', { query: { _id: 'x' } })).resolves.toBeNull();
    expect(isSingleIdQuery({ query: { _id: { $in: ['a', 'b'] } } })).toBe(false);
    expect(isSingleIdQuery({ query: '{"_id":"a"}' })).toBe(true);
    expect(isSingleIdQuery({ query: { _id: { $id: 'a' } } })).toBe(true);
  });

  it('de-duplicates GET /demand/meetings for 5 s only', async () => {
    const { client, calls, advance } = setup([() => json(200, { results: [{ id: 1 }] })]);
    const params = { query: { _id: 'm' } };
    const [a, b] = await Promise.all([
      client.one('/demand/meetings', params),
      client.one('/demand/meetings', params),
    ]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
    advance(4_000);
    await client.one('/demand/meetings', params);
    expect(calls).toHaveLength(1);
    advance(1_500);
    await client.one('/demand/meetings', params);
    expect(calls).toHaveLength(2);
  });

  it('does not de-duplicate other GETs', async () => {
    const { client, calls } = setup([() => json(200, { results: [] })]);
    await Promise.all([client.list('/meeting/agendas'), client.list('/meeting/agendas')]);
    expect(calls).toHaveLength(2);
  });

  it('rejects non-2xx with status, code and message', async () => {
    const { client } = setup([
      () => json(422, { code: 'invalid_query', message: 'Unknown filter field: x' }),
    ]);
    const error = await client.list('/meeting/agendas').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'invalid_query', message: 'Unknown filter field: x' });
  });

  it('times out', async () => {
    const { client } = setup(
      [
        (call) =>
          new Promise<Response>((_, reject) => {
            call.init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ],
      { timeoutMs: 20 },
    );
    await expect(client.list('/meeting/agendas')).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });

  it('signals an invalid ObjectId (→ /404) and a 403 (→ token.invalid + logout)', async () => {
    const onInvalidObjectId = vi.fn();
    const onForbidden = vi.fn();
    const { client } = setup(
      [
        () =>
          json(400, {
            code: 'invalid_object_id',
            message: 'Invalid ObjectId: "zz" is not a 24-character hex string',
          }),
        () => json(403, { code: 'token.invalid', message: 'token invalid' }),
      ],
      { onInvalidObjectId, onForbidden },
    );
    await expect(client.one('/meeting/agendas', { query: { _id: 'zz' } })).rejects.toMatchObject({
      status: 400,
    });
    expect(onInvalidObjectId).toHaveBeenCalledTimes(1);
    await expect(client.list('/meeting/agendas')).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onInvalidObjectId).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a 403 that refuses one object (a private activity without invitation)', async () => {
    const onForbidden = vi.fn();
    const { client } = setup(
      [
        () =>
          json(403, { code: 'activity.invitation_required', message: 'the current user has no permission' }),
        () => json(403, { code: 'no_permission', message: 'the current user has no permission' }),
        () => json(403, { code: 'live.muted', message: 'You have been muted in this live' }),
      ],
      { onForbidden },
    );
    await expect(client.list('/tickets')).rejects.toMatchObject({
      status: 403,
      code: 'activity.invitation_required',
    });
    await expect(client.list('/tickets')).rejects.toMatchObject({ status: 403 });
    await expect(client.post('/lives/l1/chats', { text: 'hi' })).rejects.toMatchObject({
      code: 'live.muted',
    });
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('learns the clock offset from x-server-time on apikey_expired and retries once', async () => {
    const serverSeconds = 1_700_003_600;
    const { client, calls, offset } = setup([
      () =>
        json(401, { code: 'apikey_expired', message: 'skew' }, { 'x-server-time': String(serverSeconds) }),
      () => json(200, { results: [1] }),
    ]);
    await expect(client.list('/meeting/agendas')).resolves.toEqual([1]);
    expect(calls).toHaveLength(2);
    expect(offset()).toBe(3_600_000);
    expect(Number(calls[1]!.headers.Apikey!.split('.')[1])).toBe(serverSeconds);
  });

  it('retries a skewed clock only once', async () => {
    const { client, calls } = setup([
      () => json(401, { code: 'apikey_expired', message: 'skew' }, { 'x-server-time': '1700003600' }),
    ]);
    await expect(client.list('/meeting/agendas')).rejects.toMatchObject({
      status: 401,
      code: 'apikey_expired',
    });
    expect(calls).toHaveLength(2);
  });

  it('serialises objects as JSON and skips empty values', () => {
    expect(serializeQuery({ a: 1, b: undefined, c: null, sort: { start: 1 } })).toBe(
      `a=1&sort=${encodeURIComponent('{"start":1}')}`,
    );
  });
});
