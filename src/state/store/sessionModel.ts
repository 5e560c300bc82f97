/**
 * Which model a session's replies use. A session remembers the model it was started
 * on (the Hand off popover can pick another for the new session); without a key the
 * offline demo the settings pick (demoModelFor) answers whatever the session says, and
 * a session started on a demo uses the settings' model once there is a key.
 */
import { isDemoModelId } from '../../llm/defaults';
import { demoModelFor, isDemo } from './modelLabel';
import type { Settings } from './settings';

export function modelForSession(settings: Settings, sessionModel: string): string {
  if (isDemo(settings)) return demoModelFor(settings);
  const own = sessionModel.trim();
  return own && !isDemoModelId(own) ? own : settings.model;
}
