import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  toFile,
} from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import {
  type AiChatChunk,
  type AiChatMessage,
  type AiChatRequest,
  type AiProvider,
  AiProviderError,
  type AiToolCall,
  type AiTranscription,
  type AiUsage,
} from './ai.provider.ts';

/**
 * The AI provider over the official `openai` SDK pointed at any OpenAI-compatible base URL (DESIGN §8
 * "ai"; §1 copilot, subtitles, minutes): OpenAI, DeepSeek, Qwen (DashScope compatible mode), a vLLM or
 * Ollama server, whisper.cpp's server for speech-to-text.
 *
 * Timeouts (§9 HTTP timeout 30000 ms): `timeoutMs` bounds a whole non-streamed request (body included)
 * and, for a stream, the wait for the response and then for each next chunk; one retry (SDK
 * `maxRetries` 1) on connection errors, 429 and 5xx. Every failure surfaces as an AiProviderError.
 */
export type OpenAiCompatibleOptions = {
  /** Base URL including the version path (e.g. https://api.openai.com/v1). */
  baseUrl: string;
  /** Bearer key; 'none' when the server wants none (local servers). */
  apiKey?: string;
  /** The chat model (AI_MODEL). */
  model: string;
  /** The embedding model (AI_EMBEDDING_MODEL); embed() throws not_configured without it. */
  embeddingModel?: string;
  /** The speech-to-text model (AI_STT_MODEL); transcribe() throws not_configured without it. */
  sttModel?: string;
  /** Milliseconds (AI_TIMEOUT_MS). */
  timeoutMs: number;
  /** SDK retries (default 1). */
  maxRetries?: number;
  /** fetch override (tests). */
  fetch?: typeof fetch;
};

/** Maps whatever the SDK or the network threw to an AiProviderError (§8: never a raw error upwards). */
export function toAiProviderError(error: unknown, timedOut = false): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (timedOut) return new AiProviderError('timeout', 'the provider did not answer in time');
  if (error instanceof APIUserAbortError) return new AiProviderError('timeout', 'the request was aborted');
  if (error instanceof APIConnectionTimeoutError)
    return new AiProviderError('timeout', 'the provider timed out');
  if (error instanceof APIConnectionError)
    return new AiProviderError('unavailable', 'the provider is unreachable');
  if (error instanceof APIError) {
    const status = error.status;
    if (status === 429) return new AiProviderError('rate_limited', 'the provider is rate limiting', 429);
    if (status === 408) return new AiProviderError('timeout', 'the provider timed out', 408);
    if (status !== undefined && status >= 500) {
      return new AiProviderError('unavailable', `the provider answered ${status}`, status);
    }
    if (status !== undefined && status >= 400) {
      return new AiProviderError('rejected', `the provider refused the request (${status})`, status);
    }
    return new AiProviderError('unavailable', `the provider failed: ${error.message.slice(0, 200)}`);
  }
  if (error instanceof SyntaxError)
    return new AiProviderError('malformed', 'the provider sent malformed data');
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new AiProviderError('timeout', 'the request was aborted');
  }
  return new AiProviderError(
    'unavailable',
    error instanceof Error ? error.message.slice(0, 200) : 'provider failure',
  );
}

/** Our messages in the wire shape. */
function toWireMessages(messages: AiChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return { role: 'user', content: message.content };
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
      default:
        return message.toolCalls && message.toolCalls.length > 0
          ? {
              role: 'assistant',
              content: message.content === '' ? null : message.content,
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : { role: 'assistant', content: message.content };
    }
  });
}

/**
 * A timer-backed abort controller linked to the caller's signal: `arm(ms)` (re)starts the deadline;
 * `timedOut` says whether our timer fired (→ 'timeout' even when the SDK reports an abort).
 */
function deadline(signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    arm(ms: number) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error('timeout'));
      }, ms);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Usage as we report it (0 when the provider said nothing). */
function usageOf(usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): AiUsage {
  return { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 };
}

/** Builds the provider (see OpenAiCompatibleOptions). */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey && options.apiKey.length > 0 ? options.apiKey : 'none',
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries ?? 1,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const timeoutMs = options.timeoutMs;

  const params = (request: AiChatRequest): ChatCompletionCreateParamsBase => ({
    model: options.model,
    messages: toWireMessages(request.messages),
    ...(request.tools && request.tools.length > 0
      ? {
          tools: request.tools.map((tool) => ({
            type: 'function' as const,
            function: { name: tool.name, description: tool.description, parameters: tool.parameters },
          })),
        }
      : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
  });

  async function* chatStream(request: AiChatRequest): AsyncIterable<AiChatChunk> {
    const timer = deadline(request.signal);
    // Each retry of the SDK gets its own timeout; ours covers the retries plus one more wait.
    timer.arm(timeoutMs * ((options.maxRetries ?? 1) + 1) + 1_000);
    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    let usage: AiUsage = { promptTokens: 0, completionTokens: 0 };
    let finishReason = '';
    try {
      const stream = await client.chat.completions.create(
        { ...params(request), stream: true, stream_options: { include_usage: true } },
        { signal: timer.signal },
      );
      timer.arm(timeoutMs);
      for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
        timer.arm(timeoutMs);
        if (chunk.usage) usage = usageOf(chunk.usage);
        for (const choice of chunk.choices ?? []) {
          if (choice.index !== 0) continue;
          const delta = choice.delta;
          if (delta?.content) yield { type: 'delta', text: delta.content };
          for (const call of delta?.tool_calls ?? []) {
            const current = calls.get(call.index) ?? { id: '', name: '', arguments: '' };
            if (call.id) current.id = call.id;
            if (call.function?.name) current.name += call.function.name;
            if (call.function?.arguments) current.arguments += call.function.arguments;
            calls.set(call.index, current);
          }
          if (choice.finish_reason) finishReason = choice.finish_reason;
        }
      }
    } catch (error) {
      throw toAiProviderError(error, timer.timedOut);
    } finally {
      timer.dispose();
    }
    if (calls.size > 0) {
      const assembled: AiToolCall[] = [...calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, call]) => ({
          id: call.id || `call_${index}`,
          name: call.name,
          arguments: call.arguments,
        }));
      if (assembled.some((call) => call.name === '')) {
        throw new AiProviderError('malformed', 'a tool call without a name');
      }
      yield { type: 'tool_calls', calls: assembled };
    }
    yield { type: 'done', usage, finishReason: finishReason || (calls.size > 0 ? 'tool_calls' : 'stop') };
  }

  return {
    model: options.model,
    canTranscribe: Boolean(options.sttModel),

    chatStream,

    async chat(request) {
      const timer = deadline(request.signal);
      timer.arm(timeoutMs * ((options.maxRetries ?? 1) + 1) + 1_000);
      try {
        const completion = await client.chat.completions.create(
          { ...params(request), stream: false },
          { signal: timer.signal },
        );
        const choice = completion.choices?.[0];
        if (!choice) throw new AiProviderError('malformed', 'a completion without choices');
        const toolCalls: AiToolCall[] = (choice.message.tool_calls ?? []).flatMap((call) =>
          call.type === 'function'
            ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }]
            : [],
        );
        return { text: choice.message.content ?? '', toolCalls, usage: usageOf(completion.usage) };
      } catch (error) {
        throw toAiProviderError(error, timer.timedOut);
      } finally {
        timer.dispose();
      }
    },

    async embed(inputs, embedOptions = {}) {
      if (!options.embeddingModel)
        throw new AiProviderError('not_configured', 'AI_EMBEDDING_MODEL is not set');
      if (inputs.length === 0) return [];
      const timer = deadline(embedOptions.signal);
      timer.arm(timeoutMs * ((options.maxRetries ?? 1) + 1) + 1_000);
      try {
        const response = await client.embeddings.create(
          { model: options.embeddingModel, input: inputs, encoding_format: 'float' },
          { signal: timer.signal },
        );
        const vectors = new Array<number[] | undefined>(inputs.length);
        for (const item of response.data ?? []) vectors[item.index] = item.embedding;
        if (vectors.some((vector) => !Array.isArray(vector))) {
          throw new AiProviderError('malformed', 'missing embeddings in the answer');
        }
        return vectors as number[][];
      } catch (error) {
        throw toAiProviderError(error, timer.timedOut);
      } finally {
        timer.dispose();
      }
    },

    async transcribe(audio, transcribeOptions): Promise<AiTranscription> {
      if (!options.sttModel) throw new AiProviderError('not_configured', 'AI_STT_MODEL is not set');
      const timer = deadline(transcribeOptions.signal);
      timer.arm(timeoutMs * ((options.maxRetries ?? 1) + 1) + 1_000);
      try {
        const file = await toFile(audio, transcribeOptions.filename);
        const response = await client.audio.transcriptions.create(
          {
            file,
            model: options.sttModel,
            response_format: 'json',
            ...(transcribeOptions.language ? { language: transcribeOptions.language } : {}),
          },
          { signal: timer.signal },
        );
        const result = response as { text?: unknown; language?: unknown };
        if (typeof result.text !== 'string')
          throw new AiProviderError('malformed', 'a transcription without text');
        return typeof result.language === 'string'
          ? { text: result.text.trim(), language: result.language }
          : { text: result.text.trim() };
      } catch (error) {
        throw toAiProviderError(error, timer.timedOut);
      } finally {
        timer.dispose();
      }
    },
  };
}
