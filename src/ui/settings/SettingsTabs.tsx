import { type KeyboardEvent, useRef } from 'react';
import type { SettingsSection } from './sections/sectionTypes';

/** The ids that tie a tab to its panel. */
export function tabIds(prefix: string, section: SettingsSection) {
  return { tab: `${prefix}-tab-${section.id}`, panel: `${prefix}-panel-${section.id}` };
}

/**
 * The Settings sections as tabs (the ARIA tabs pattern, activated as the focus moves):
 * one tab stop; ←/→ (and ↑/↓) move between the tabs, Home and End go to the ends.
 */
export function SettingsTabs({
  sections,
  selected,
  onSelect,
  idPrefix,
}: {
  sections: readonly SettingsSection[];
  selected: string;
  onSelect(id: string): void;
  idPrefix: string;
}) {
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = sections.findIndex((section) => section.id === selected);
    const last = sections.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowDown: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = sections[next[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabs.current.get(target.id)?.focus();
  };
  return (
    <div role="tablist" aria-label="Settings sections" className="settings-tabs" onKeyDown={onKeyDown}>
      {sections.map((section) => {
        const ids = tabIds(idPrefix, section);
        const isSelected = section.id === selected;
        return (
          <button
            key={section.id}
            ref={(el) => {
              if (el) tabs.current.set(section.id, el);
              else tabs.current.delete(section.id);
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={isSelected}
            aria-controls={ids.panel}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(section.id)}
          >
            {section.title}
          </button>
        );
      })}
    </div>
  );
}
