/**
 * Which model a session's replies use. A session remembers the model it was started
 * on (the Hand off popover can pick another for the new session); without a key the
 * offline demo answers whatever the session says, and a session started on the demo
 * uses the settings' model once there is a key.
 */
import { DEMO_MODEL_ID } from '../llm/defaults';
import { isDemo } from './modelLabel';
import type { Settings } from './settings';

export function modelForSession(settings: Settings, sessionModel: string): string {
  if (isDemo(settings)) return DEMO_MODEL_ID;
  const own = sessionModel.trim();
  return own && own !== DEMO_MODEL_ID ? own : settings.model;
}
