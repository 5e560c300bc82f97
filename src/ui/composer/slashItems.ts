import type { CompletionItem } from '../../core/commands/autocomplete';
import { builtinCommands } from '../../core/commands/builtinCommands';
import type { PromptTemplate } from '../../core/commands/promptTemplates';

/** Everything `/` can complete to: built-in commands, then the user's templates. */
export function slashItems(templates: readonly PromptTemplate[]): CompletionItem[] {
  const commands: CompletionItem[] = builtinCommands.list().map((c) => ({
    name: c.name,
    description: c.description,
    kind: 'command',
    ...(c.argumentHint && { hint: c.argumentHint }),
  }));
  const custom: CompletionItem[] = templates.map((t) => ({
    name: t.name,
    description: t.description || 'Prompt template',
    kind: 'template',
    ...(t.text.includes('$ARGUMENTS') && { hint: '[arguments]' }),
  }));
  return [...commands, ...custom];
}
