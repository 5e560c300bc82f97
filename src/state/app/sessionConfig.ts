/**
 * What the agent session is told of the user's settings (SessionConfig), built from one
 * settings snapshot. startEngine pushes a new one in each time the settings change, so
 * the session never reads the store: the model client, the models, the limits and the
 * key it redacts are all here.
 */
import { triggerSettingsOf } from '../../core/pricing/contextPricing';
import type { SessionConfig } from '../../core/sessionPorts';
import { modelForSession } from '../store/sessionModel';
import type { Settings } from '../store/settings';
import { chooseModelLazily } from './lazyModelClient';

export function sessionConfigFrom(
  settings: Settings,
  onRetry: (attempt: number, max: number, waitMs?: number) => void,
): SessionConfig {
  const { client, model } = chooseModelLazily(settings, onRetry);
  return {
    client,
    model,
    // A rule over this snapshot: the next snapshot brings the next rule.
    modelForSession: (sessionModel) => modelForSession(settings, sessionModel),
    maxTokens: settings.maxTokens,
    maxToolRounds: settings.maxToolRounds,
    defaultThinking: settings.thinking,
    webSearch: settings.webSearch,
    webFetch: settings.webFetch,
    codeExecution: settings.codeExecution,
    memory: settings.memory === true,
    contextWindowOverride: settings.contextWindowOverride || undefined,
    promptTemplates: settings.promptTemplates,
    apiKey: settings.apiKey || undefined,
    // "Ask" is the mode that suggests: the banner to the user, this note to the model.
    // "Auto" hands off by itself and "Do nothing" suggests nothing.
    ...(settings.autoHandoff === 'ask' && {
      handoffHint: { triggers: triggerSettingsOf(settings), prices: settings.priceOverrides },
    }),
  };
}
