/**
 * Small inline icons, drawn here as a few strokes each: no icon library in the bundle.
 * Always decorative (aria-hidden): the button around an icon keeps its words as its
 * accessible name, and its title as the tooltip.
 */
import './icons.css';

const PATHS = {
  handoff: 'M4 12h11M11 7l5 5-5 5M19 5v14',
  attach: 'M16 8l-6.5 6.5a2 2 0 0 0 3 3L19 11a4 4 0 0 0-6-6l-7 7a6 6 0 0 0 9 9l5-5',
  send: 'M12 19V5M6 11l6-6 6 6',
  stop: 'M7 7h10v10H7z',
  queue: 'M5 7h14M5 12h14M5 17h8',
  settings: 'M4 7h10M18 7h2M4 17h2M10 17h10M16 5v4M8 15v4',
  export: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  menu: 'M4 7h16M4 12h16M4 17h16',
  todos: 'M4 7l1.5 1.5L8 6M11 7h9M4 13l1.5 1.5L8 12M11 13h9M11 19h9',
  sidebar: 'M4 5h16v14H4zM9 5v14',
  model: 'M12 3l2.5 6.5L21 12l-6.5 2.5L12 21l-2.5-6.5L3 12l6.5-2.5z',
  chevron: 'M6 9l6 6 6-6',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
