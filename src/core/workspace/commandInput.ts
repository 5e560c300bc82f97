/**
 * A tool call's input, checked: the model's JSON arrives as anything, and a missing or
 * mistyped field is answered with a sentence naming it, before any file is read.
 */
import { isRecord } from '../isRecord';

export type FileCommand =
  | { command: 'view'; path: string; viewRange?: [number, number] }
  | { command: 'create'; path: string; fileText: string }
  | { command: 'str_replace'; path: string; oldStr: string; newStr: string }
  | { command: 'insert'; path: string; insertLine: number; insertText: string }
  | { command: 'delete'; path: string }
  | { command: 'rename'; oldPath: string; newPath: string };

export type CommandName = FileCommand['command'];

export type ParsedCommand = { ok: true; command: FileCommand } | { ok: false; error: string };

/** The input of a call to a tool offering `commands`, checked field by field. */
export function parseCommand(input: unknown, commands: readonly CommandName[]): ParsedCommand {
  if (!isRecord(input)) return fail('The input must be an object with a `command` field.');
  const name = input.command;
  if (typeof name !== 'string') return fail(`The input needs a \`command\`: one of ${commands.join(', ')}.`);
  if (!(commands as readonly string[]).includes(name))
    return fail(`Unknown command \`${name}\`: the commands are ${commands.join(', ')}.`);
  const need = (field: string): string | undefined =>
    typeof input[field] === 'string' ? undefined : missing(name, field, input[field]);
  switch (name as CommandName) {
    case 'view': {
      const pathError = need('path');
      if (pathError) return fail(pathError);
      const range = input.view_range;
      if (range === undefined || range === null) return ok({ command: 'view', path: input.path as string });
      if (!Array.isArray(range) || range.length !== 2 || !range.every(Number.isInteger))
        return fail(
          '`view_range` must be two whole numbers, [start_line, end_line] (end_line -1 for the end).',
        );
      return ok({ command: 'view', path: input.path as string, viewRange: [range[0], range[1]] });
    }
    case 'create':
      return (
        firstError(need('path'), need('file_text')) ??
        ok({ command: 'create', path: input.path as string, fileText: input.file_text as string })
      );
    case 'str_replace': {
      const error = firstError(need('path'), need('old_str'), optionalString(name, input, 'new_str'));
      if (error) return error;
      return ok({
        command: 'str_replace',
        path: input.path as string,
        oldStr: input.old_str as string,
        // Both tools' docs let new_str be left out: the old text is then removed.
        newStr: typeof input.new_str === 'string' ? input.new_str : '',
      });
    }
    case 'insert': {
      // The text editor's docs once named the text `new_str`, today `insert_text` (the
      // memory tool's too): either is taken, insert_text first.
      const textField = typeof input.insert_text === 'string' ? 'insert_text' : 'new_str';
      const error = firstError(
        need('path'),
        Number.isInteger(input.insert_line)
          ? undefined
          : `The \`insert\` command needs \`insert_line\` as a whole number (0 inserts at the start); it got ${describeValue(input.insert_line)}.`,
        typeof input[textField] === 'string' ? undefined : missing(name, 'insert_text', input.insert_text),
      );
      if (error) return error;
      return ok({
        command: 'insert',
        path: input.path as string,
        insertLine: input.insert_line as number,
        insertText: input[textField] as string,
      });
    }
    case 'delete':
      return firstError(need('path')) ?? ok({ command: 'delete', path: input.path as string });
    case 'rename':
      return (
        firstError(need('old_path'), need('new_path')) ??
        ok({ command: 'rename', oldPath: input.old_path as string, newPath: input.new_path as string })
      );
  }
}

function optionalString(command: string, input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field];
  return value === undefined || value === null || typeof value === 'string'
    ? undefined
    : `The \`${command}\` command takes \`${field}\` as a string; it got ${describeValue(value)}.`;
}

function missing(command: string, field: string, value: unknown): string {
  return value === undefined
    ? `The \`${command}\` command needs \`${field}\`.`
    : `The \`${command}\` command needs \`${field}\` as a string; it got ${describeValue(value)}.`;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function firstError(...errors: (string | undefined)[]): ParsedCommand | undefined {
  const error = errors.find((e) => e !== undefined);
  return error === undefined ? undefined : fail(error);
}

function ok(command: FileCommand): ParsedCommand {
  return { ok: true, command };
}

function fail(error: string): ParsedCommand {
  return { ok: false, error };
}
