/**
 * The AI provider (DESIGN §8 "ai"; §1 copilot, subtitles, translation, minutes): chat (streamed, with
 * tool calls), embeddings and speech-to-text, spoken in the OpenAI-compatible protocol so that OpenAI,
 * DeepSeek, Qwen, a vLLM or Ollama server, or a whisper.cpp server all work (AI_BASE_URL, AI_API_KEY,
 * AI_MODEL, AI_EMBEDDING_MODEL, AI_STT_MODEL). No model runs inside the app. Without AI_BASE_URL there
 * is no provider (`undefined`): the copilot answers with the built-in retrieval assistant, minutes are
 * extractive and live subtitles are unavailable.
 */

/** One message of a chat (OpenAI chat-completions roles). */
export type AiChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: AiToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A tool the model may call: `parameters` is a JSON Schema object. */
export type AiTool = { name: string; description: string; parameters: Record<string, unknown> };

/** A call the model asked for: `arguments` is the JSON text the model wrote (parse and validate it). */
export type AiToolCall = { id: string; name: string; arguments: string };

export type AiChatRequest = {
  messages: AiChatMessage[];
  tools?: AiTool[];
  /** Sampling temperature (0–2); the adapter's default when absent. */
  temperature?: number;
  /** Upper bound of completion tokens. */
  maxTokens?: number;
  /** Ask for a JSON object answer (response_format json_object). */
  json?: boolean;
  /** Aborts the request (timeouts, the asker went away). */
  signal?: AbortSignal;
};

/** What a streamed chat yields, in order: text deltas, then at most one `tool_calls`, then `done`. */
export type AiChatChunk =
  | { type: 'delta'; text: string }
  | { type: 'tool_calls'; calls: AiToolCall[] }
  | { type: 'done'; usage: AiUsage; finishReason: string };

/** Tokens as the provider reported them (0 when it did not). */
export type AiUsage = { promptTokens: number; completionTokens: number };

/** A transcription of one audio segment: the text and its language when the provider says. */
export type AiTranscription = { text: string; language?: string };

export type AiProvider = {
  /** The chat model's name (AI_MODEL), shown in the console. */
  readonly model: string;
  /** Whether speech-to-text is configured (AI_STT_MODEL set). */
  readonly canTranscribe: boolean;
  /**
   * Streams one chat completion. Throws AiProviderError on HTTP errors, timeouts and malformed
   * streams (never a raw fetch error).
   */
  chatStream(request: AiChatRequest): AsyncIterable<AiChatChunk>;
  /** One non-streamed completion: the whole text, tool calls and usage. */
  chat(request: AiChatRequest): Promise<{ text: string; toolCalls: AiToolCall[]; usage: AiUsage }>;
  /** Embeddings of each input (AI_EMBEDDING_MODEL); throws AiProviderError when not configured. */
  embed(inputs: string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
  /**
   * Speech-to-text of one audio segment (AI_STT_MODEL, /audio/transcriptions). `audio` is a
   * complete file (WAV, 16 kHz mono from the subtitle worker); `language` an ISO 639-1 hint.
   */
  transcribe(
    audio: Uint8Array,
    options: { filename: string; language?: string; signal?: AbortSignal },
  ): Promise<AiTranscription>;
};

/**
 * A failure of the provider: `kind` 'timeout', 'unavailable' (network, 5xx), 'rejected' (4xx other
 * than 429), 'rate_limited' (429), 'not_configured', 'malformed'. Callers answer 502/504 or fall back
 * to the built-in answer; the message never reaches a user as it is.
 */
export class AiProviderError extends Error {
  readonly kind: 'timeout' | 'unavailable' | 'rejected' | 'rate_limited' | 'not_configured' | 'malformed';
  readonly status?: number;
  constructor(kind: AiProviderError['kind'], message: string, status?: number) {
    super(message);
    this.name = 'AiProviderError';
    this.kind = kind;
    this.status = status;
  }
}
