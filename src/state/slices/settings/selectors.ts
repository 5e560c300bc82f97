/** Derived values of the settings slice. */
import { isDemoModelId } from '../../../llm/defaults';
import { sessionModels } from '../../store/sessionIndex';
import type { BatonState } from '../../store/store';

/** `/name` calls one of the user's prompt templates. */
export const selectIsTemplate =
  (name: string) =>
  (s: BatonState): boolean =>
    s.settings.promptTemplates.some((t) => t.name === name);

/** Models the user has used, newest session first (no demo ids): suggestions for a handoff. Use shallow. */
export function selectRecentModels(s: BatonState): string[] {
  const models = [s.settings.model, ...sessionModels(s.sessions)].filter(
    (model) => model && !isDemoModelId(model),
  );
  return [...new Set(models)];
}
