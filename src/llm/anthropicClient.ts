/**
 * The slim SDK client: the SDK's base client plus only the Messages resource.
 *
 * The SDK's default `Anthropic` class builds every resource (beta, files, models, ...),
 * none of which tree-shakes; this one costs about half the bundle and sends the very
 * same requests. Import nothing else from the SDK here, or the saving is lost.
 */
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages';

/** Mirrors how the SDK's own `Anthropic` class wires the resource (`new Messages(this)`). */
export class SlimAnthropic extends BaseAnthropic {
  messages: Messages = new Messages(this);
}

export interface AnthropicClientOptions {
  apiKey: string;
  baseURL: string;
  fetch?: typeof fetch;
  /** Defaults to the SDK's 2. */
  maxRetries?: number;
  /** Per attempt; defaults to the SDK's 10 minutes. */
  timeoutMs?: number;
}

export function createAnthropicClient(options: AnthropicClientOptions): SlimAnthropic {
  return new SlimAnthropic({
    // An explicit apiKey makes the SDK skip ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN and
    // its credential chain (profiles, config files, workload identity) entirely.
    apiKey: options.apiKey,
    // Explicit values so ANTHROPIC_BASE_URL, ANTHROPIC_WEBHOOK_SIGNING_KEY, ANTHROPIC_LOG
    // and the ANTHROPIC_OPEN_TELEMETRY_* variables are never consulted.
    baseURL: options.baseURL,
    webhookKey: null,
    logLevel: 'warn',
    // No spans, and above all no trace headers: an extra request header would have to
    // pass the API's CORS preflight.
    openTelemetry: false,
    dangerouslyAllowBrowser: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
  });
}
