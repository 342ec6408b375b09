import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for an OpenAI-compatible API (DESIGN §8 "ai") for tests, benches and browser tests
 * (never imported by the running server). It speaks the wire format the official SDK reads:
 * - POST /v1/chat/completions — streamed (SSE `data:` chunks of `chat.completion.chunk`, tool-call
 *   deltas split over several chunks, `usage` in a last chunk with no choices when
 *   `stream_options.include_usage`, then `data: [DONE]`) or not (`chat.completion`).
 * - POST /v1/embeddings — a deterministic hashed bag of words, 64 dimensions, L2-normalised.
 * - POST /v1/audio/transcriptions (multipart) — the next scripted transcript (`setTranscripts`), or
 *   `segment <n>` (n counts transcriptions from 1) when none is scripted.
 * - GET /v1/models.
 *
 * Default chat behaviour (no `onChat` handler, or a handler answering undefined) — a deterministic
 * "grounded" model:
 * 1. tools offered and no `tool` message after the last `user` message → one tool call
 *    `search_meeting` (the first offered tool when that one is not offered) with
 *    `{"query": <last user text>}`;
 * 2. otherwise, when the `tool` messages after the last `user` message hold JSON items with `"ref"`
 *    fields → the text "According to the meeting's data: [r1] [r2]" (the first three distinct refs,
 *    in order), streamed in several deltas;
 * 3. otherwise "I can only answer questions about this meeting." (`{}` when `response_format` asks for
 *    a JSON object).
 *
 * Failures (`fail`): 'http500' (every request answers 500 with an OpenAI error body; `opts.status`
 * for another status, e.g. 429), 'http429', 'hang' (no answer until closed), 'slow' (`opts.delayMs`,
 * default 1000, before the answer and between stream chunks), 'none'. `opts.times` limits the failure
 * to the next n requests; `opts.path` to one path (e.g. '/v1/chat/completions').
 *
 * As a process (browser tests may not import server code):
 * `node --import tsx apps/server/src/providers/ai/fake-openai-server.ts --port 0` prints one JSON line
 * `{ "url": "http://127.0.0.1:<port>/v1" }` and serves until terminated; control endpoints:
 * `POST /_fake/transcripts` `{texts}`, `POST /_fake/fail` `{mode, status?, delayMs?, times?, path?}`,
 * `GET /_fake/requests`, `POST /_fake/reset`.
 */

/** A chat request as the fake received it (the OpenAI wire shape, trimmed to what tests read). */
export type FakeChatBody = {
  model?: string;
  messages: Array<{
    role: string;
    content?: string | null | Array<{ type: string; text?: string }>;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
  }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
};

/**
 * What a chat handler answers: `content` (one string, split into word deltas when streamed, or the
 * deltas themselves), and/or tool calls (arguments as JSON text, split over chunks when streamed).
 * `usage` overrides the counted tokens; `finishReason` the computed one. `delayMs` waits before the
 * answer (streamed: before each chunk).
 */
export type FakeChatReply = {
  content?: string | string[];
  toolCalls?: Array<{ id?: string; name: string; arguments: string }>;
  usage?: { prompt_tokens: number; completion_tokens: number };
  finishReason?: string;
  delayMs?: number;
};

/** Answers a chat request; undefined → the default grounded behaviour. */
export type FakeChatHandler = (
  body: FakeChatBody,
) => FakeChatReply | undefined | Promise<FakeChatReply | undefined>;

export type FakeFailMode = 'none' | 'http500' | 'http429' | 'hang' | 'slow';
export type FakeFailOptions = { status?: number; delayMs?: number; times?: number; path?: string };

/** One recorded request: its path and its body (parsed JSON; for transcriptions `{model, language, bytes}`). */
export type FakeRequest = { path: string; body: unknown };

export type FakeOpenAi = {
  /** The base URL including /v1 (AI_BASE_URL). */
  url: string;
  close: () => Promise<void>;
  /** Every request so far (control endpoints excluded), oldest first. */
  requests: FakeRequest[];
  /** Requests to `path` ('/v1/chat/completions' or '/chat/completions'). */
  count: (path: string) => number;
  /** Forget the recorded requests. */
  reset: () => void;
  onChat: (handler: FakeChatHandler | undefined) => void;
  /** The next transcriptions' texts, in order (replaces what is left of earlier scripts). */
  setTranscripts: (texts: string[]) => void;
  fail: (mode: FakeFailMode, opts?: FakeFailOptions) => void;
};

export const FAKE_OPENAI_MODEL = 'fake-gpt';
export const FAKE_EMBEDDING_DIMENSIONS = 64;
const DEFAULT_REFUSAL = 'I can only answer questions about this meeting.';

/** Text of a message's content (string or content parts). */
function textOf(content: FakeChatBody['messages'][number]['content']): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => part.text ?? '').join('');
  return '';
}

/** Refs ("r1"…) of the items in a tool message's JSON, in order of appearance. */
function refsOf(content: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  const refs: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.ref === 'string') refs.push(record.ref);
    for (const [key, child] of Object.entries(record)) if (key !== 'ref') visit(child, depth + 1);
  };
  visit(parsed, 0);
  return refs;
}

/** The default "grounded" model (see the module comment). */
export function defaultFakeChatReply(body: FakeChatBody): FakeChatReply {
  const messages = body.messages ?? [];
  let lastUser = -1;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]?.role === 'user') {
      lastUser = index;
      break;
    }
  }
  const after = lastUser >= 0 ? messages.slice(lastUser + 1) : messages;
  const toolMessages = after.filter((message) => message.role === 'tool');
  const tools = body.tools ?? [];
  if (tools.length > 0 && toolMessages.length === 0) {
    const name = tools.some((tool) => tool.function?.name === 'search_meeting')
      ? 'search_meeting'
      : (tools[0]?.function?.name ?? 'search_meeting');
    const query = lastUser >= 0 ? textOf(messages[lastUser]?.content) : '';
    return { toolCalls: [{ name, arguments: JSON.stringify({ query }) }] };
  }
  const refs: string[] = [];
  for (const message of toolMessages) {
    for (const ref of refsOf(textOf(message.content))) if (!refs.includes(ref)) refs.push(ref);
  }
  if (refs.length > 0) {
    const cited = refs.slice(0, 3);
    return { content: ["According to the meeting's data:", ...cited.map((ref) => ` [${ref}]`)] };
  }
  if (body.response_format?.type === 'json_object') return { content: '{}' };
  return { content: DEFAULT_REFUSAL };
}

/** A rough token count (≈ 4 characters a token, at least 1 for non-empty text). */
function tokensOf(text: string): number {
  return text.length === 0 ? 0 : Math.max(1, Math.ceil(text.length / 4));
}

/** Splits a text into word-sized deltas ("Hello", " world", …). */
function splitDeltas(text: string): string[] {
  const parts = text.match(/\s*\S+/g) ?? [];
  return parts.length > 0 ? parts : [text];
}

/** Splits a JSON argument text into chunks of ≤ 8 characters (tool-call deltas as OpenAI sends them). */
function splitArguments(text: string): string[] {
  const chunks: string[] = [];
  for (let index = 0; index < text.length; index += 8) chunks.push(text.slice(index, index + 8));
  return chunks.length > 0 ? chunks : [''];
}

/** FNV-1a 32-bit hash. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The fake embedding: words (Han characters one by one) hashed into 64 buckets, L2-normalised; an
 * empty text is the unit vector of bucket 0.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  const words = text.toLowerCase().match(/\p{Script=Han}|[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const bucket = fnv1a(word) % FAKE_EMBEDDING_DIMENSIONS;
    vector[bucket] = (vector[bucket] ?? 0) + 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / norm);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A text field of a multipart body (small fields only; the file part is not decoded). */
function multipartField(body: Buffer, name: string): string | undefined {
  for (const part of body.toString('latin1').split(/\r\n--/)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    if (!headers.includes(`name="${name}"`) || headers.includes('filename=')) continue;
    return Buffer.from(part.slice(headerEnd + 4).replace(/\r\n$/, ''), 'latin1').toString('utf8');
  }
  return undefined;
}

function sendJson(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}

function sendError(response: ServerResponse, status: number) {
  const type =
    status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(response, status, { error: { message: `fake failure ${status}`, type, param: null, code: type } });
}

/**
 * Starts the fake on 127.0.0.1 (`port` 0 = any free port). Close it with `close()` (hanging requests
 * are cut).
 */
export async function startFakeOpenAi(options: { port?: number; host?: string } = {}): Promise<FakeOpenAi> {
  const host = options.host ?? '127.0.0.1';
  let handler: FakeChatHandler | undefined;
  let transcripts: string[] = [];
  let transcriptionCount = 0;
  let failure: { mode: FakeFailMode; opts: FakeFailOptions } = { mode: 'none', opts: {} };
  const hanging = new Set<ServerResponse>();
  let counter = 0;

  const state: FakeOpenAi = {
    url: '',
    requests: [],
    close: async () => {},
    count: (path) =>
      state.requests.filter((request) => request.path === path || request.path === `/v1${path}`).length,
    reset: () => {
      state.requests.length = 0;
    },
    onChat: (next) => {
      handler = next;
    },
    setTranscripts: (texts) => {
      transcripts = [...texts];
    },
    fail: (mode, opts = {}) => {
      failure = { mode, opts: { ...opts } };
    },
  };

  /** The failure that applies to this request (consumes one of `times`). */
  const failureFor = (path: string): { mode: FakeFailMode; opts: FakeFailOptions } | undefined => {
    if (failure.mode === 'none') return undefined;
    if (failure.opts.path && failure.opts.path !== path && `/v1${failure.opts.path}` !== path)
      return undefined;
    const current = failure;
    if (current.opts.times !== undefined) {
      current.opts.times -= 1;
      if (current.opts.times <= 0) failure = { mode: 'none', opts: {} };
    }
    return current;
  };

  const chat = async (body: FakeChatBody, response: ServerResponse, slowMs: number) => {
    const reply = (handler ? await handler(body) : undefined) ?? defaultFakeChatReply(body);
    const delayMs = Math.max(slowMs, reply.delayMs ?? 0);
    counter += 1;
    const id = `chatcmpl-fake${counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? FAKE_OPENAI_MODEL;
    const deltas =
      reply.content === undefined
        ? []
        : Array.isArray(reply.content)
          ? reply.content
          : splitDeltas(reply.content);
    const text = deltas.join('');
    const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
      id: call.id ?? `call_fake${counter}_${index}`,
      name: call.name,
      arguments: call.arguments,
    }));
    const finishReason = reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
    const promptText = body.messages.map((message) => textOf(message.content)).join('\n');
    const usage = reply.usage ?? {
      prompt_tokens: tokensOf(promptText) + (body.tools?.length ?? 0) * 20,
      completion_tokens:
        tokensOf(text) + toolCalls.reduce((sum, call) => sum + tokensOf(call.arguments) + 3, 0),
    };
    const fullUsage = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };

    if (!body.stream) {
      if (delayMs > 0) await sleep(delayMs);
      sendJson(response, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        system_fingerprint: null,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: toolCalls.length > 0 && text === '' ? null : text,
              refusal: null,
              ...(toolCalls.length > 0
                ? {
                    tool_calls: toolCalls.map((call) => ({
                      id: call.id,
                      type: 'function',
                      function: { name: call.name, arguments: call.arguments },
                    })),
                  }
                : {}),
            },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage: fullUsage,
      });
      return;
    }

    const includeUsage = body.stream_options?.include_usage === true;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const write = async (choices: unknown[], extra: Record<string, unknown> = {}) => {
      if (delayMs > 0) await sleep(delayMs);
      if (response.destroyed) return;
      const chunk = {
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        system_fingerprint: null,
        choices,
        ...(includeUsage ? { usage: null } : {}),
        ...extra,
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    };
    const choice = (delta: Record<string, unknown>, finish: string | null = null) => ({
      index: 0,
      delta,
      logprobs: null,
      finish_reason: finish,
    });
    await write([
      choice({ role: 'assistant', content: toolCalls.length > 0 && text === '' ? null : '', refusal: null }),
    ]);
    for (const delta of deltas) await write([choice({ content: delta })]);
    for (const [index, call] of toolCalls.entries()) {
      await write([
        choice({
          tool_calls: [
            { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
      ]);
      for (const part of splitArguments(call.arguments)) {
        await write([choice({ tool_calls: [{ index, function: { arguments: part } }] })]);
      }
    }
    await write([choice({}, finishReason)]);
    if (includeUsage) await write([], { usage: fullUsage });
    if (!response.destroyed) response.end('data: [DONE]\n\n');
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const path = url.pathname;
      const raw = request.method === 'GET' ? Buffer.alloc(0) : await readBody(request);

      // Control endpoints (the process mode).
      if (path.startsWith('/_fake/')) {
        const json = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
        if (path === '/_fake/transcripts') state.setTranscripts((json.texts as string[] | undefined) ?? []);
        else if (path === '/_fake/fail')
          state.fail((json.mode as FakeFailMode) ?? 'none', json as FakeFailOptions);
        else if (path === '/_fake/reset') {
          state.reset();
          state.fail('none');
          transcripts = [];
        } else if (path === '/_fake/requests') return sendJson(response, 200, { requests: state.requests });
        else return sendJson(response, 404, { error: { message: 'unknown control path' } });
        return sendJson(response, 200, { ok: true });
      }

      let body: unknown;
      if (path === '/v1/audio/transcriptions') {
        body = {
          model: multipartField(raw, 'model'),
          language: multipartField(raw, 'language'),
          response_format: multipartField(raw, 'response_format'),
          bytes: raw.length,
        };
      } else if (raw.length > 0) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return sendError(response, 400);
        }
      }
      state.requests.push({ path, body });

      const failing = failureFor(path);
      let slowMs = 0;
      if (failing) {
        if (failing.mode === 'hang') {
          hanging.add(response);
          response.on('close', () => hanging.delete(response));
          return;
        }
        if (failing.mode === 'http500') return sendError(response, failing.opts.status ?? 500);
        if (failing.mode === 'http429') return sendError(response, 429);
        if (failing.mode === 'slow') slowMs = failing.opts.delayMs ?? 1000;
      }

      if (request.method === 'GET' && path === '/v1/models') {
        return sendJson(response, 200, {
          object: 'list',
          data: [FAKE_OPENAI_MODEL, 'fake-embedding', 'fake-whisper'].map((id) => ({
            id,
            object: 'model',
            created: 1_700_000_000,
            owned_by: 'fake',
          })),
        });
      }
      if (request.method !== 'POST') return sendError(response, 404);
      if (path === '/v1/chat/completions') {
        const chatBody = body as FakeChatBody | undefined;
        if (!chatBody || !Array.isArray(chatBody.messages)) return sendError(response, 400);
        return chat(chatBody, response, slowMs);
      }
      if (slowMs > 0) await sleep(slowMs);
      if (path === '/v1/embeddings') {
        const input = (body as { input?: unknown; model?: string } | undefined)?.input;
        const inputs =
          typeof input === 'string' ? [input] : Array.isArray(input) ? input.map(String) : undefined;
        if (!inputs) return sendError(response, 400);
        return sendJson(response, 200, {
          object: 'list',
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
          model: (body as { model?: string }).model ?? 'fake-embedding',
          usage: {
            prompt_tokens: inputs.reduce((sum, text) => sum + tokensOf(text), 0),
            total_tokens: inputs.reduce((sum, text) => sum + tokensOf(text), 0),
          },
        });
      }
      if (path === '/v1/audio/transcriptions') {
        if (!raw.toString('latin1').includes('name="file"')) return sendError(response, 400);
        transcriptionCount += 1;
        const text =
          transcripts.length > 0 ? (transcripts.shift() as string) : `segment ${transcriptionCount}`;
        const language = (body as { language?: string }).language;
        return sendJson(response, 200, language ? { text, language } : { text });
      }
      return sendError(response, 404);
    })().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  state.url = `http://${host}:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve, reject) => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return state;
}

// Run as a process: `--port <n>` (default 0 = any), print `{ "url": … }` as one JSON line, serve until terminated.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const portIndex = process.argv.indexOf('--port');
  const port =
    portIndex >= 0 ? Number(process.argv[portIndex + 1] ?? 0) : Number(process.env.FAKE_OPENAI_PORT ?? 0);
  const fake = await startFakeOpenAi({ port });
  process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
