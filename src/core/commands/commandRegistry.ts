/**
 * The built-in slash commands (`/handoff`, `/new`, ...), declared once so that the input
 * parser, autocomplete and the help list all read the same table. The context type is a
 * parameter so the core stays ignorant of the store that runs the commands.
 */
import { isValidCommandName, MAX_COMMAND_NAME_LENGTH } from './commandName';

export interface SlashCommand<Ctx> {
  name: string;
  /** Shown after the name in autocomplete, e.g. `[focus instructions]`. */
  argumentHint?: string;
  description: string;
  /** Why the command cannot run now (a sentence for the user), or undefined when it can. */
  unavailable?(ctx: Ctx): string | undefined;
  run(args: string, ctx: Ctx): Promise<void> | void;
}

export class CommandRegistry<Ctx> {
  private readonly commands = new Map<string, SlashCommand<Ctx>>();

  /** Throws on a bad or duplicate name: both are programming errors, best caught at start-up. */
  register(cmd: SlashCommand<Ctx>): void {
    if (!isValidCommandName(cmd.name)) {
      throw new Error(
        `Invalid command name "${cmd.name}": use 1 to ${MAX_COMMAND_NAME_LENGTH} lowercase letters, digits, '-' or '_'`,
      );
    }
    if (this.commands.has(cmd.name)) {
      throw new Error(`Command "/${cmd.name}" is already registered`);
    }
    this.commands.set(cmd.name, cmd);
  }

  get(name: string): SlashCommand<Ctx> | undefined {
    return this.commands.get(name);
  }

  has(name: string): boolean {
    return this.commands.has(name);
  }

  /** A fresh array sorted by name, so callers may keep or reorder it freely. */
  list(): SlashCommand<Ctx>[] {
    return [...this.commands.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
