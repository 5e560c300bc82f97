/** Which model the settings pick, in words: no SDK needed, so the status line paints before the agent chunk loads. */
import { DEMO_MODEL_LABEL } from '../llm/defaults';
import type { Settings } from './settings';

export function isDemo(settings: Settings): boolean {
  return settings.apiKey.trim() === '';
}

export function modelLabel(settings: Settings): string {
  return isDemo(settings) ? DEMO_MODEL_LABEL : settings.model;
}
