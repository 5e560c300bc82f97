/** Which model the settings pick, in words: no SDK needed, so the status line paints before the agent chunk loads. */
import { DEMO_MODEL_ID, DEMO_SMALL_MODEL_ID, demoModelLabel } from '../../llm/defaults';
import type { Settings } from './settings';

export function isDemo(settings: Pick<Settings, 'apiKey'>): boolean {
  return settings.apiKey.trim() === '';
}

/**
 * The demo model that answers when there is no key: the small-window demo when the
 * settings' model names it, otherwise the ordinary demo (the settings' model, a real
 * model id, waits for a key). The one place this is decided, so the client, the label,
 * the session's model and the context meter agree.
 */
export function demoModelFor(settings: Pick<Settings, 'model'>): string {
  return settings.model.trim() === DEMO_SMALL_MODEL_ID ? DEMO_SMALL_MODEL_ID : DEMO_MODEL_ID;
}

export function modelLabel(settings: Pick<Settings, 'apiKey' | 'model'>): string {
  return isDemo(settings) ? demoModelLabel(demoModelFor(settings)) : settings.model;
}
