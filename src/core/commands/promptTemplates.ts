/**
 * User-defined prompt templates: `/name args` expands to the template's text before it
 * is sent. The handoff sends its internal prompt with expansion switched off, so this
 * runs only on text the user typed.
 */
import { isValidCommandName, MAX_COMMAND_NAME_LENGTH } from './commandName';
import { splitSlashInput } from './parseSlashInput';

export interface PromptTemplate {
  name: string;
  description?: string;
  text: string;
}

export const ARGUMENTS_PLACEHOLDER = '$ARGUMENTS';

/**
 * Expands `/name args` when `name` is a template; undefined otherwise (including the
 * `//` escape, which `splitSlashInput` does not accept as a word).
 */
export function expandPromptTemplate(
  input: string,
  templates: PromptTemplate[],
): { expanded: string; template?: PromptTemplate } | undefined {
  const parts = splitSlashInput(input);
  if (!parts) return undefined;
  const template = templates.find((t) => t.name === parts.word);
  if (!template) return undefined;
  return { expanded: fillTemplate(template.text, parts.args), template };
}

/**
 * split/join instead of String.replace: the arguments are user text, and replace would
 * read `$&` or `$'` in them as substitution patterns.
 */
function fillTemplate(text: string, args: string): string {
  if (text.includes(ARGUMENTS_PLACEHOLDER)) return text.split(ARGUMENTS_PLACEHOLDER).join(args);
  // Arguments the template has no slot for are still the user's words; dropping them would be a surprise.
  return args === '' ? text : `${text}\n\n${args}`;
}

/**
 * Why a template name cannot be used, or undefined when it can. `reservedNames` are
 * the built-in commands: a template must not shadow one, or the command would stop
 * being reachable.
 */
export function validateTemplateName(
  name: string,
  reservedNames: Iterable<string> = [],
  existingTemplates: PromptTemplate[] = [],
): string | undefined {
  if (name === '') return 'Name is required';
  if (!isValidCommandName(name)) {
    return `Name must be 1 to ${MAX_COMMAND_NAME_LENGTH} lowercase letters, digits, '-' or '_'`;
  }
  for (const reserved of reservedNames) {
    if (reserved === name) return `/${name} is a built-in command`;
  }
  if (existingTemplates.some((t) => t.name === name)) return `A template named /${name} already exists`;
  return undefined;
}
