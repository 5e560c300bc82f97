/**
 * The built-in slash commands. Each one is a small object in the registry; the
 * composer looks commands up here, and so does the autocomplete list.
 */
import { CommandRegistry } from './commandRegistry';

export interface CommandContext {
  showHelp(): void;
  newSession(): Promise<void>;
  handoff(focus: string): Promise<void>;
  /** Why a handoff cannot start now (the handoff machine's own check), or undefined. */
  handoffRefusal(): string | undefined;
}

export const HANDOFF_ARGUMENT_HINT = '[focus instructions]';

export function createBuiltinCommands(): CommandRegistry<CommandContext> {
  const registry = new CommandRegistry<CommandContext>();
  registry.register({
    name: 'help',
    description: 'List the commands and your prompt templates',
    run: (_args, ctx) => ctx.showHelp(),
  });
  registry.register({
    name: 'new',
    description: 'Start a new, empty session',
    run: (_args, ctx) => ctx.newSession(),
  });
  registry.register({
    name: 'handoff',
    argumentHint: HANDOFF_ARGUMENT_HINT,
    description: 'Write a handoff document and continue in a fresh session seeded with it',
    unavailable: (ctx) => ctx.handoffRefusal(),
    run: (args, ctx) => ctx.handoff(args),
  });
  return registry;
}

export const builtinCommands = createBuiltinCommands();
