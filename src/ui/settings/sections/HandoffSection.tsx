import { ContextSettings } from '../ContextSettings';
import { HandoffSettings } from '../HandoffSettings';
import type { SectionProps, SettingsSection } from './sectionTypes';

/** When a handoff is offered or made, and how. */
function HandoffPanel({ draft, update, patch }: SectionProps) {
  return (
    <>
      <ContextSettings draft={draft} onChange={patch} />
      <HandoffSettings draft={draft} update={update} />
    </>
  );
}

export const handoffSection: SettingsSection = { id: 'handoff', title: 'Handoff', Panel: HandoffPanel };
