import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createResponseChecker, fetchOpenApi, type Operation, operationsOf } from './operations.ts';

/**
 * The fuzz run's view of the OpenAPI document and its answer check: every route is an operation, and
 * the check refuses what the document does not declare (so a fuzz run can fail).
 */
let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  operations = operationsOf(await fetchOpenApi(t.app));
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json; charset=utf-8' };

describe('fuzz operations', () => {
  it('reads every operation once, with its parameters and 200 schema', () => {
    const keys = operations.map((op) => op.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('GET /api/health');
    const agendas = operations.find((op) => op.key === 'GET /api/meeting/agendas');
    expect(agendas?.queryParams.map((p) => p.name)).toEqual(expect.arrayContaining(['meeting_id', 'skip']));
    const speaker = operations.find(
      (op) => op.key === 'GET /api/meetings/{meeting_id}/speakers/{speaker_id}',
    );
    expect(speaker?.pathParams.map((p) => p.name)).toEqual(['meeting_id', 'speaker_id']);
    expect(operations.find((op) => op.key === 'POST /api/tickets')?.body).toBeDefined();
  });

  it('accepts a real answer and refuses a 5xx, a body off its schema, an undeclared 2xx and a bare 4xx', async () => {
    const check = createResponseChecker();
    const health = operations.find((op) => op.key === 'GET /api/health') as Operation;
    const real = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(check(health, real)).toEqual({ ok: true });
    const refusals = [
      { statusCode: 500, body: '{"code":"internal_error","message":"x"}', headers: json },
      { statusCode: 200, body: '{"status":42}', headers: json },
      { statusCode: 200, body: 'ok', headers: { 'content-type': 'text/plain' } },
      { statusCode: 204, body: '', headers: {} },
      { statusCode: 404, body: '{"error":"gone"}', headers: json },
      { statusCode: 302, body: '', headers: {} },
    ];
    for (const answer of refusals) expect(check(health, answer).ok, JSON.stringify(answer)).toBe(false);
    expect(
      check(health, { statusCode: 404, body: '{"code":"not_found","message":"x"}', headers: json }),
    ).toEqual({ ok: true });
  });
});
