/**
 * Suggestions while the user is still typing the command word. Once a space is typed
 * the user has chosen, so the list closes.
 */

export interface CompletionItem {
  name: string;
  hint?: string;
  description: string;
  kind: 'command' | 'template';
}

const PARTIAL_WORD = /^\/([^\s/]*)$/;

export function completeSlash(input: string, items: CompletionItem[]): CompletionItem[] {
  const match = PARTIAL_WORD.exec(input);
  if (!match) return [];
  // Names are lowercase; matching case-insensitively forgives a held Shift key.
  const partial = (match[1] ?? '').toLowerCase();
  const byName = [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const prefix = byName.filter((item) => item.name.startsWith(partial));
  const substring = byName.filter((item) => !item.name.startsWith(partial) && item.name.includes(partial));
  return [...prefix, ...substring];
}
