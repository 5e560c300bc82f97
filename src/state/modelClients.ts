/**
 * Picks the model client for the current settings: the real API with a key, the
 * offline demo without one. Clients are cached per key and URL so the SDK's
 * connection state is reused between turns.
 */
import type { ModelClient } from '../core/agent/types';
import { DEMO_MODEL_ID, DEMO_MODEL_LABEL } from '../llm/defaults';
import { createDemoModelClient } from '../llm/demo/demoModelClient';
import { createSdkModelClient } from '../llm/sdkModelClient';
import type { Settings } from './settings';

export interface ModelChoice {
  client: ModelClient;
  model: string;
  label: string;
}

let cached: { key: string; client: ModelClient } | undefined;

export function isDemo(settings: Settings): boolean {
  return settings.apiKey.trim() === '';
}

export function modelLabel(settings: Settings): string {
  return isDemo(settings) ? DEMO_MODEL_LABEL : settings.model;
}

export function chooseModel(
  settings: Settings,
  onRetry: (attempt: number, max: number) => void,
): ModelChoice {
  if (isDemo(settings)) {
    if (cached?.key !== 'demo') cached = { key: 'demo', client: createDemoModelClient() };
    return { client: cached.client, model: DEMO_MODEL_ID, label: DEMO_MODEL_LABEL };
  }
  const apiKey = settings.apiKey.trim();
  const key = `${settings.baseURL}\u0000${apiKey}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: createSdkModelClient({ apiKey, baseURL: settings.baseURL, label: settings.model, onRetry }),
    };
  }
  return { client: cached.client, model: settings.model, label: settings.model };
}
