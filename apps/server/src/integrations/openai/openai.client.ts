import { z } from 'zod';
import { ProviderError, type ProviderErrorDescriber, type ProviderHttp } from '../http/provider-http';

const chatRoles = ['system', 'developer', 'user', 'assistant'] as const;
type ChatRole = (typeof chatRoles)[number];
export type ChatMessage = { role: ChatRole; content: string };

const errorBodySchema = z.object({
  error: z.object({
    message: z.string().nullish(),
    type: z.string().nullish(),
    code: z.union([z.string(), z.number()]).nullish(),
  }),
});

/** OpenAI's `{"error":{message,type,param,code}}`; a key fragment in the message is masked. */
export const describeOpenAiError: ProviderErrorDescriber = (body) => {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return null;
  const { message, type, code } = parsed.data.error;
  return {
    code: code === null || code === undefined ? (type ?? null) : String(code),
    reason: message ? message.replace(/\b(sk|key)-[\w*.-]+/gi, '[redacted]') : null,
  };
};

/**
 * 429 with `insufficient_quota` is a billing problem (providers.md §6.4): never retried. An
 * `x-should-retry` header, as OpenAI's own SDK reads it, overrides the status.
 */
function mayRetryOpenAi(answer: { status: number; headers: Headers; body: unknown }): boolean {
  const hint = answer.headers.get('x-should-retry');
  if (hint === 'false') return false;
  if (hint === 'true') return true;
  const described = describeOpenAiError(answer.body);
  return !(answer.status === 429 && described?.code === 'insufficient_quota');
}

const completionSchema = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        message: z.object({
          role: z.string().nullish(),
          content: z.string().nullish(),
          refusal: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().nullish(),
      completion_tokens: z.number().nullish(),
      total_tokens: z.number().nullish(),
    })
    .nullish(),
});

export type ChatCompletion = {
  id: string | null;
  model: string | null;
  /** The assistant's text; null when the model refused or sent none. */
  content: string | null;
  refusal: string | null;
  /** stop, length, content_filter, ... */
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number; totalTokens: number } | null;
};

export type OpenAiClientConfig = {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (OPENAI_BASE_URL). */
  baseUrl: string;
  /** Sent as a Bearer token; compatible servers without auth need none. */
  apiKey?: string;
  http: ProviderHttp;
};

/**
 * Chat Completions on OpenAI or any compatible server (providers.md §6.2, §6.5): HTTP and mapping
 * only. Non-streaming; unknown response fields are ignored.
 */
export function createOpenAiClient(config: OpenAiClientConfig) {
  const base = config.baseUrl.replace(/\/+$/, '');

  return {
    async createChatCompletion(input: {
      model: string;
      messages: ChatMessage[];
      temperature?: number;
      maxCompletionTokens?: number;
      /** A stable, non-identifying id of the end user (OpenAI's abuse monitoring). */
      user?: string;
    }): Promise<ChatCompletion> {
      const response = await config.http.request({
        method: 'POST',
        url: `${base}/chat/completions`,
        headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        json: {
          model: input.model,
          messages: input.messages,
          ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
          ...(input.maxCompletionTokens === undefined
            ? {}
            : { max_completion_tokens: input.maxCompletionTokens }),
          ...(input.user ? { user: input.user } : {}),
          stream: false,
        },
        // Asking again has no effect beyond the cost of the answer.
        isIdempotent: true,
        mayRetry: mayRetryOpenAi,
      });
      const parsed = completionSchema.safeParse(response.body);
      if (!parsed.success) {
        const where = parsed.error.issues[0]?.path.join('.') || 'body';
        throw new ProviderError(
          'openai',
          'invalid_response',
          `The AI model sent an unreadable answer (${where})`,
        );
      }
      const choice = parsed.data.choices[0]!;
      const usage = parsed.data.usage;
      return {
        id: parsed.data.id ?? null,
        model: parsed.data.model ?? null,
        content: choice.message.content ?? null,
        refusal: choice.message.refusal ?? null,
        finishReason: choice.finish_reason ?? null,
        usage: usage
          ? {
              promptTokens: usage.prompt_tokens ?? 0,
              completionTokens: usage.completion_tokens ?? 0,
              totalTokens: usage.total_tokens ?? 0,
            }
          : null,
      };
    },
  };
}

export type OpenAiClient = ReturnType<typeof createOpenAiClient>;
