import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running fake: its base URL, the texts it was asked about, and close. */
export type FakeModerationServer = { url: string; texts: string[]; close: () => Promise<void> };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function listen(server: Server, texts: string[]): Promise<FakeModerationServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    texts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The TC3-HMAC-SHA256 signature as Tencent Cloud documents it (API 3.0 "Signature v3"), written here
 * independently of the adapter: canonical request of POST / with the content-type and host headers,
 * the credential scope date/service/tc3_request, keys derived TC3+secret → date → service → tc3_request.
 */
function expectedTc3Signature(secretKey: string, host: string, timestamp: string, payload: string): string {
  const hash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  const date = new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:${host}\n\ncontent-type;host\n${hash(payload)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/tms/tc3_request\n${hash(canonical)}`;
  const kDate = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const kService = createHmac('sha256', kDate).update('tms').digest();
  const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
  return createHmac('sha256', kSigning).update(toSign).digest('hex');
}

/**
 * A local stand-in for tms.tencentcloudapi.com (TextModeration, 2020-12-29): checks the action, the
 * version and the TC3 signature (AuthFailure.SignatureFailure otherwise), decodes the base64 Content
 * and answers by its text — "block:<Label>" → Suggestion Block with that label, "review:<Label>" →
 * Review, "http500" → HTTP 500, anything else → Pass / Normal.
 */
export async function startFakeTencentTms(options: {
  secretId: string;
  secretKey: string;
}): Promise<FakeModerationServer> {
  const texts: string[] = [];
  const server = createServer(async (request, response) => {
    const payload = await readBody(request);
    const authorization = String(request.headers.authorization ?? '');
    const timestamp = String(request.headers['x-tc-timestamp'] ?? '');
    const signature = /Signature=([0-9a-f]+)/.exec(authorization)?.[1];
    const credentialOk = authorization.includes(`Credential=${options.secretId}/`);
    const host = String(request.headers.host ?? '');
    if (
      request.headers['x-tc-action'] !== 'TextModeration' ||
      request.headers['x-tc-version'] !== '2020-12-29' ||
      !credentialOk ||
      signature !== expectedTc3Signature(options.secretKey, host, timestamp, payload)
    ) {
      send(response, 200, {
        Response: {
          Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' },
          RequestId: 'r-0',
        },
      });
      return;
    }
    const text = Buffer.from((JSON.parse(payload) as { Content: string }).Content, 'base64').toString('utf8');
    texts.push(text);
    if (text.includes('http500')) {
      send(response, 500, {});
      return;
    }
    const verdict = /(block|review):(\w+)/.exec(text);
    send(response, 200, {
      Response: {
        Suggestion: verdict?.[1] === 'block' ? 'Block' : verdict?.[1] === 'review' ? 'Review' : 'Pass',
        Label: verdict?.[2] ?? 'Normal',
        SubLabel: '',
        Keywords: verdict ? [verdict[0]] : [],
        Score: verdict ? 90 : 0,
        RequestId: `r-${texts.length}`,
      },
    });
  });
  return listen(server, texts);
}

/**
 * A local stand-in for OpenAI's POST /v1/moderations: checks the Bearer key (401 otherwise) and
 * answers by the input — "flag:<category>" (e.g. flag:illicit/violent) → flagged with that category
 * scored 0.95, "unsure:<category>" → not flagged, that category scored 0.5, "slow" → answers after 2 s,
 * anything else → not flagged, every score 0.01.
 */
export async function startFakeOpenAiModeration(options: { apiKey: string }): Promise<FakeModerationServer> {
  const texts: string[] = [];
  const names = ['sexual', 'harassment', 'hate', 'illicit', 'illicit/violent', 'self-harm', 'violence'];
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.url !== '/v1/moderations' || request.method !== 'POST') {
      send(response, 404, { error: { message: 'not found' } });
      return;
    }
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      send(response, 401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
      });
      return;
    }
    const input = String((JSON.parse(body) as { input: unknown }).input);
    texts.push(input);
    if (input.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 2000));
    const flag = /(flag|unsure):([\w/-]+)/.exec(input);
    const scores = Object.fromEntries(
      names.map((name) => [name, name === flag?.[2] ? (flag?.[1] === 'flag' ? 0.95 : 0.5) : 0.01]),
    );
    const categories = Object.fromEntries(
      names.map((name) => [name, flag?.[1] === 'flag' && name === flag[2]]),
    );
    send(response, 200, {
      id: `modr-${texts.length}`,
      model: 'omni-moderation-latest',
      results: [{ flagged: flag?.[1] === 'flag', categories, category_scores: scores }],
    });
  });
  return listen(server, texts);
}
