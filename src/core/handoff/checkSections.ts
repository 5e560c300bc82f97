/**
 * After capture, looks for the six sections in the document and reports the ones
 * missing or empty. It only warns: a handoff with a thin section is still better
 * than none, and the user can read the card.
 */
import { HANDOFF_SECTIONS } from './handoffPrompt';

export interface SectionReport {
  missing: string[];
  empty: string[];
}

/** "Constraints and preferences:" and "constraints & preferences" name the same section. */
function normalise(title: string): string {
  return title
    .toLowerCase()
    .replace(/\band\b/g, '&')
    .replace(/[*_`:#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const HEADING = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*\s*$|\*\*(.+?)\*\*\s*:?\s*$)/;

/** The lines under each of the six headings the document has, by the section's name. */
export function handoffSectionBodies(document: string): Map<string, string[]> {
  const wanted = new Map(HANDOFF_SECTIONS.map((name) => [normalise(name), name]));
  const bodies = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of document.split('\n')) {
    const match = HEADING.exec(line);
    const title = match ? (match[1] ?? match[2] ?? '') : undefined;
    if (title !== undefined) {
      const name = wanted.get(normalise(title));
      // A repeated heading continues its section; an unknown heading ends the current one.
      current = name === undefined ? undefined : (bodies.get(name) ?? []);
      if (name !== undefined && current) bodies.set(name, current);
      continue;
    }
    current?.push(line);
  }
  return bodies;
}

/** `bodies`: the document's sections when the caller has them already (the switch reads them once). */
export function checkHandoffSections(
  document: string,
  bodies: Map<string, string[]> = handoffSectionBodies(document),
): SectionReport {
  const missing = HANDOFF_SECTIONS.filter((name) => !bodies.has(name));
  const empty = HANDOFF_SECTIONS.filter((name) => {
    const body = bodies.get(name);
    return body !== undefined && body.join('').trim() === '';
  });
  return { missing, empty };
}
