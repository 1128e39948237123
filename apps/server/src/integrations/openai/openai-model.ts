import type { AppConfig } from '../../config';
import { createProviderHttp } from '../http/provider-http';
import { createOpenAiClient, describeOpenAiError, type OpenAiClient } from './openai.client';
import { openAiSandboxDemo } from './openai.sandbox';

export type OpenAiModel = { client: OpenAiClient; model: string };

/**
 * The AI model a clinic's texts (review replies, patient messages) use: the mounted sandbox for a
 * clinic in sandbox mode, else the configured endpoint; null when no model is configured.
 */
export function openAiModelFor(config: AppConfig, isSandboxClinic: boolean): OpenAiModel | null {
  const { openai, integrations, sandboxMode } = config;
  const http = createProviderHttp('openai', {
    ...integrations.http,
    timeoutMs: openai.timeoutMs,
    describeError: describeOpenAiError,
  });
  if (sandboxMode && isSandboxClinic) {
    const baseUrl = `${integrations.sandboxUrl}/openai/v1`;
    return {
      client: createOpenAiClient({ baseUrl, apiKey: openAiSandboxDemo.apiKey, http }),
      model: openai.model,
    };
  }
  if (!openai.isConfigured) return null;
  return {
    client: createOpenAiClient({ baseUrl: openai.baseUrl, apiKey: openai.apiKey, http }),
    model: openai.model,
  };
}
