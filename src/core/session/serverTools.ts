/**
 * Reading the API's web fetch and code execution blocks for display and summaries. The
 * blocks themselves are kept exactly as received (they go back to the API); these only
 * look inside, and every field is checked: the content is the API's, relayed from pages
 * and programs the user does not control.
 */
import { isRecord } from '../isRecord';
import type { ContentBlock, ServerToolResultBlock, ServerToolUseBlock } from '../types/message';

/** The server tools' names, as declared in the request and as the calls name them. */
export const WEB_FETCH_TOOL_NAME = 'web_fetch';
export const CODE_EXECUTION_TOOL_NAME = 'code_execution';
/** What code execution's calls are named (version 20250825: a shell command or a file edit). */
export const BASH_CODE_EXECUTION_NAME = 'bash_code_execution';
export const TEXT_EDITOR_CODE_EXECUTION_NAME = 'text_editor_code_execution';

/** The result block of server call `id` in a reply, once it has come. */
export function serverResultOf(
  content: readonly ContentBlock[],
  id: string,
): ServerToolResultBlock | undefined {
  return content.find(
    (block): block is ServerToolResultBlock =>
      block.type !== 'web_search_tool_result' &&
      block.type.endsWith('_tool_result') &&
      'tool_use_id' in block &&
      block.tool_use_id === id,
  );
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The API's error code when the result is an error object (`url_not_accessible`, `unavailable`, …). */
export function serverErrorCode(block: ServerToolResultBlock): string | undefined {
  const { content } = block;
  if (!isRecord(content) || typeof content.type !== 'string' || !content.type.endsWith('_error'))
    return undefined;
  return text(content.error_code) ?? 'unknown';
}

/** What the API's error codes mean, as a sentence to show. */
const ERROR_SENTENCES: Readonly<Record<string, string>> = {
  url_not_accessible: 'The page could not be fetched (it did not answer, or answered with an error).',
  url_not_allowed: 'The address is not allowed (a blocked domain, or not among the allowed ones).',
  url_not_in_prior_context: 'The model may fetch only addresses that came up in the conversation.',
  url_too_long: 'The address is too long.',
  unsupported_content_type: 'The page is of a kind web fetch cannot read.',
  content_too_large: 'The page is too large to fetch.',
  max_uses_exceeded: 'The reply used up its allowed number of calls.',
  too_many_requests: 'The API is limiting calls of this tool; try again later.',
  unavailable: 'The tool is unavailable at the moment.',
  invalid_tool_input: 'The model called the tool with arguments it does not take.',
  execution_time_exceeded: 'The code ran past the time limit and was stopped.',
  container_expired: 'The code’s container has expired.',
  output_file_too_large: 'A file the code wrote is too large.',
  file_not_found: 'The file does not exist.',
  string_not_found: 'The text to replace was not found in the file.',
};

/** A sentence for the error code, whatever it is. */
export function serverErrorSentence(code: string): string {
  return ERROR_SENTENCES[code] ?? `The API reported an error (${code.replaceAll('_', ' ')}).`;
}

export interface FetchedPage {
  /** The address fetched (the result's, else the one asked for; empty when neither). */
  url: string;
  title?: string;
  /** When fetching failed: the API's code. */
  error?: string;
}

/** What web fetch call `call` fetched, as far as its result (if any) says. */
export function fetchedPage(
  call: ServerToolUseBlock,
  result: ServerToolResultBlock | undefined,
): FetchedPage {
  const asked = isRecord(call.input) ? (text(call.input.url) ?? '') : '';
  if (!result) return { url: asked };
  const error = serverErrorCode(result);
  if (error) return { url: asked, error };
  const content = isRecord(result.content) ? result.content : {};
  const document = isRecord(content.content) ? content.content : {};
  const title = text(document.title);
  return { url: text(content.url) ?? asked, ...(title && { title }) };
}

export interface CodeRun {
  /** What ran: the shell command, the edit (command and path) or the code. */
  code: string;
  /** A file the edit wrote, when it wrote one (text editor's create). */
  fileText?: string;
  stdout: string;
  stderr: string;
  returnCode?: number;
  /** Ids of the files the code created (the Files API's). */
  files: string[];
  /** A file view's content (text editor's view). */
  view?: string;
  error?: string;
  /** The API's own message with an error, when it gave one. */
  errorMessage?: string;
}

/** What a code execution call ran and what came of it, as far as its result (if any) says. */
export function codeRun(call: ServerToolUseBlock, result: ServerToolResultBlock | undefined): CodeRun {
  const input = isRecord(call.input) ? call.input : {};
  const edit = call.name === TEXT_EDITOR_CODE_EXECUTION_NAME;
  const code = edit
    ? [text(input.command), text(input.path)].filter(Boolean).join(' ')
    : (text(input.command) ?? text(input.code) ?? '');
  const fileText = edit ? text(input.file_text) : undefined;
  const run: CodeRun = {
    code,
    stdout: '',
    stderr: '',
    files: [],
    ...(fileText !== undefined && { fileText }),
  };
  if (!result) return run;
  const error = serverErrorCode(result);
  const content = isRecord(result.content) ? result.content : {};
  if (error) {
    const message = text(content.error_message);
    return { ...run, error, ...(message && { errorMessage: message }) };
  }
  run.stdout = text(content.stdout) ?? '';
  run.stderr = text(content.stderr) ?? '';
  if (typeof content.return_code === 'number') run.returnCode = content.return_code;
  if (Array.isArray(content.content)) {
    for (const output of content.content as unknown[]) {
      const id = isRecord(output) ? text(output.file_id) : undefined;
      if (id) run.files.push(id);
    }
  } else if (typeof content.content === 'string') {
    run.view = content.content;
  }
  return run;
}

/** One line for the condensed transcript a handoff summarises. */
export function serverResultSummary(block: ServerToolResultBlock): string {
  const error = serverErrorCode(block);
  if (error) return `${block.type.replace('_tool_result', '').replaceAll('_', ' ')} failed: ${error}`;
  const content = isRecord(block.content) ? block.content : {};
  if (block.type === 'web_fetch_tool_result') {
    const document = isRecord(content.content) ? content.content : {};
    return `Fetched ${text(content.url) ?? 'a page'}${text(document.title) ? ` (${text(document.title)})` : ''}`;
  }
  const code = typeof content.return_code === 'number' ? ` (return code ${content.return_code})` : '';
  const out = [text(content.stdout), text(content.stderr)].filter(Boolean).join('\n');
  return `Code execution result${code}: ${out.slice(0, 2000) || 'no output'}`;
}
