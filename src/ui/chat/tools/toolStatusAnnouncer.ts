/**
 * The one polite live region that tells screen readers how tool calls go ("echo on
 * test: Running.", "…: Done."). One for the page, not one per card: cards come and go
 * as the chat scrolls (it draws only the rows near the screen, and the chat list itself
 * is aria-live off), and many regions would talk over each other. Made on first use by
 * the tool cards' chunk, so the first load holds none of it; it stays once made, so a
 * screen reader has seen it before the first announcement lands in it.
 */
export const TOOL_STATUS_REGION_ID = 'tool-status-announcer';

export function toolStatusRegion(): HTMLElement {
  const existing = document.getElementById(TOOL_STATUS_REGION_ID);
  if (existing) return existing;
  const region = document.createElement('div');
  region.id = TOOL_STATUS_REGION_ID;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.className = 'visually-hidden';
  document.body.append(region);
  return region;
}

/**
 * Says `text` in the region: a new node each time, so the same words twice are still
 * read twice. What is said in one moment (the results of one reply's calls come back
 * together) is said together, line after line, so no call's end covers another's.
 */
export function announceToolStatus(text: string): void {
  const region = toolStatusRegion();
  const line = document.createElement('p');
  line.textContent = text;
  if (region.dataset.saying === 'true') {
    region.append(line);
    return;
  }
  region.replaceChildren(line);
  // The moment is over once this task is: the next announcement starts afresh.
  region.dataset.saying = 'true';
  setTimeout(() => {
    delete region.dataset.saying;
  }, 0);
}
