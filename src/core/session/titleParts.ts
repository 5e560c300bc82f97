/**
 * A handoff part's title, "<name> · part N", as the sidebar splits it: a module of its own
 * so the list (in the first paint) does not pull in how titles are made.
 */
export const PART_SUFFIX = /^(.*) · part (\d+)$/s;

/**
 * A stored title split for display: the name and, for a handoff part, its number, which
 * the sidebar shows as a badge. Titles stored before the badge existed carry the part as
 * a suffix; they split the same way.
 */
export function titleParts(title: string): { name: string; part?: number } {
  const match = PART_SUFFIX.exec(title);
  if (!match?.[1]) return { name: title };
  return { name: match[1], part: Number(match[2]) };
}
