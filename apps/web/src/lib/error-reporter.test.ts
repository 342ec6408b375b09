import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('client error reports (§9: sampled at 10 %)', () => {
  const fetchMock = vi.fn(async () => new Response('{"ok":true}'));
  beforeEach(() => {
    vi.resetModules();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { href: 'https://expo.example.org/#/meeting/home?token=secret&meeting_id=1' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a report only when the draw is under 10 %, without the token of the address', async () => {
    const { reportClientError } = await import('./error-reporter.ts');
    reportClientError('error', new Error('not sent'), null, () => 0.1);
    expect(fetchMock).not.toHaveBeenCalled();
    reportClientError('boundary', new Error('Boom'), '\n    at Page', () => 0.09);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/client_errors');
    expect(init.keepalive).toBe(true);
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ kind: 'boundary', message: 'Boom', component_stack: '\n    at Page' });
    expect(body.url).toBe('https://expo.example.org/#/meeting/home?token=-&meeting_id=1');
  });

  it('sends at most five reports from one page load', async () => {
    const { reportClientError } = await import('./error-reporter.ts');
    for (let i = 0; i < 20; i += 1) reportClientError('error', `loop ${i}`, null, () => 0);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('draws about one in ten with Math.random', async () => {
    const { reportClientError } = await import('./error-reporter.ts');
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValueOnce(0.5).mockReturnValueOnce(0.05);
    reportClientError('error', 'a');
    reportClientError('error', 'b');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    random.mockRestore();
  });
});
