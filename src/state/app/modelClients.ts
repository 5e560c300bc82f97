/**
 * Picks the model client for the current settings: the real API with a key, the
 * offline demo without one (which demo: demoModelFor). The client made last is kept and
 * given again while the key and URL (the demo: its model id) stay the same, so the SDK's
 * connection state is reused between turns. One cache per app, held by the store
 * (lazyModelClient.ts), never by this module.
 */
import type { ModelClient } from '../../core/agent/types';
import { REQUEST_TIMEOUT_MS, STREAM_IDLE_TIMEOUT_MS } from '../../llm/defaults';
import { createDemoModelClient } from '../../llm/demo/demoModelClient';
import { createSdkModelClient } from '../../llm/sdkModelClient';
import { demoModelFor, isDemo } from '../store/modelLabel';
import type { Settings } from '../store/settings';
import { PolicyWatch } from './policyViolations';
import { testStreamIdleTimeoutMs } from './testHooks';

export interface ModelChoice {
  client: ModelClient;
  model: string;
  label: string;
}

export class ModelClientCache {
  private cached: { key: string; client: ModelClient } | undefined;
  private readonly policy = new PolicyWatch();

  choose(settings: Settings, onRetry: (attempt: number, max: number, waitMs?: number) => void): ModelChoice {
    if (isDemo(settings)) {
      const model = demoModelFor(settings);
      const key = `demo\u0000${model}`;
      if (this.cached?.key !== key) this.cached = { key, client: createDemoModelClient({ model }) };
      return { client: this.cached.client, model, label: this.cached.client.label };
    }
    const apiKey = settings.apiKey.trim();
    const timeoutMs = requestTimeoutMs();
    const streamIdleTimeoutMs = testStreamIdleTimeoutMs() ?? STREAM_IDLE_TIMEOUT_MS;
    const key = `${settings.baseURL}\u0000${apiKey}\u0000${timeoutMs}\u0000${streamIdleTimeoutMs}`;
    if (this.cached?.key !== key) {
      // Before the first request, so a refusal by the page's policy is heard.
      this.policy.watch();
      this.cached = {
        key,
        client: createSdkModelClient({
          apiKey,
          baseURL: settings.baseURL,
          label: settings.model,
          onRetry,
          timeoutMs,
          streamIdleTimeoutMs,
          blockedByPolicy: (url) => this.policy.blocked(url),
        }),
      };
    }
    return { client: this.cached.client, model: settings.model, label: settings.model };
  }

  /** Drops the cached client, and with it the only other reference to the key. */
  forget(): void {
    this.cached = undefined;
  }
}

/**
 * The wait for the first byte of each attempt. End-to-end tests shorten it through
 * sessionStorage (`baton.requestTimeoutMs`) so that a server that never answers fails
 * in seconds; nothing in the UI sets it, and the default is REQUEST_TIMEOUT_MS.
 */
export const REQUEST_TIMEOUT_OVERRIDE_KEY = 'baton.requestTimeoutMs';

function requestTimeoutMs(): number {
  try {
    const raw = Number(globalThis.sessionStorage?.getItem(REQUEST_TIMEOUT_OVERRIDE_KEY));
    return Number.isInteger(raw) && raw > 0 ? raw : REQUEST_TIMEOUT_MS;
  } catch {
    // Storage can be blocked (privacy settings); the default is always fine.
    return REQUEST_TIMEOUT_MS;
  }
}
