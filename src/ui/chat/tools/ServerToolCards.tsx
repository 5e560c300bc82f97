/**
 * The cards of the API's web fetch and code execution. What they show comes from pages
 * and programs nobody checked: every string goes through shownName/shownText and is
 * drawn as text, never as HTML; a link is made only of a web address.
 */
import {
  type CodeRun,
  codeRun,
  fetchedPage,
  serverErrorSentence,
  serverResultOf,
  TEXT_EDITOR_CODE_EXECUTION_NAME,
} from '../../../core/session/serverTools';
import type { ServerToolUseBlock } from '../../../core/types/message';
import { isWebUrl } from '../../markdown/safeUrls';
import { PlainText } from '../../text/PlainText';
import { shownName, shownText } from '../../text/revealInvisibles';
import type { ToolCallProps } from './toolRenderer';
import { isLong } from './toolValue';
import './serverToolCards.css';

/** Said on the card of code that created files: the browser cannot fetch them (SDK issue #930). */
export const FILES_NOT_DOWNLOADABLE =
  'Download is not available from the browser: the API’s Files download does not answer requests from a web page. The file ids above can be used with the API elsewhere.';

/** What a fetched page or file edit is waiting for, by the reply's state. */
const pending = (streaming: boolean) => (streaming ? 'Running…' : 'No result came back.');

/** One web fetch: the address (linked when it is a web address), the page's title, or why it failed. */
export function WebFetchCard({ call, message, streaming }: ToolCallProps) {
  const result = serverResultOf(message.content, call.id);
  const page = fetchedPage(call as ServerToolUseBlock, result);
  const url = shownName(page.url);
  return (
    <section className="tool-call tool-card server-tool-card" aria-label="Web fetch">
      <div>
        {result ? 'Fetched' : 'Fetching'}{' '}
        {page.url && isWebUrl(page.url) ? (
          <a href={page.url} target="_blank" rel="noopener noreferrer" className="server-tool-url">
            {url}
          </a>
        ) : (
          <span className="server-tool-url">{url || '(no address)'}</span>
        )}
      </div>
      {page.title && <div className="server-tool-title">{shownName(page.title)}</div>}
      {page.error && (
        <div className="server-tool-error">Web fetch failed: {serverErrorSentence(page.error)}</div>
      )}
      {!result && <div className="tool-card-pending">{pending(streaming)}</div>}
    </section>
  );
}

function Part({ label, text }: { label: string; text: string }) {
  return (
    <>
      <div className="tool-card-label">{label}</div>
      <pre className="tool-card-text">
        <PlainText text={shownText(text)} />
      </pre>
    </>
  );
}

/** What the call did, in a few words: a command, a file edit or view, or code. */
function heading(call: ServerToolUseBlock, run: CodeRun): string {
  if (call.name !== TEXT_EDITOR_CODE_EXECUTION_NAME)
    return call.name === 'code_execution' ? 'Ran code' : 'Ran a command';
  return run.code.startsWith('view') ? 'Viewed a file' : 'Edited a file';
}

/**
 * One code execution call: the command or code, its stdout, stderr and return code, the
 * files it created (their ids, with why they cannot be downloaded here), or why it failed.
 * Starts collapsed to its heading when long.
 */
export function CodeExecutionCard({ call, message, streaming }: ToolCallProps) {
  const result = serverResultOf(message.content, call.id);
  const server = call as ServerToolUseBlock;
  const run = codeRun(server, result);
  const long = [run.code, run.fileText ?? '', run.stdout, run.stderr, run.view ?? ''].some(isLong);
  return (
    <section className="tool-call tool-card server-tool-card" aria-label="Code execution">
      <details open={!long}>
        <summary>
          {heading(server, run)}
          {run.returnCode !== undefined && ` · return code ${run.returnCode}`}
          {run.error && ' · failed'}
        </summary>
        <Part label={server.name === TEXT_EDITOR_CODE_EXECUTION_NAME ? 'File' : 'Code'} text={run.code} />
        {run.fileText !== undefined && <Part label="File content" text={run.fileText} />}
        {run.view !== undefined && <Part label="File view" text={run.view} />}
        {run.stdout && <Part label="stdout" text={run.stdout} />}
        {run.stderr && <Part label="stderr" text={run.stderr} />}
        {run.returnCode !== undefined && (
          <div className="server-tool-code">Return code: {run.returnCode}</div>
        )}
        {run.files.length > 0 && (
          <>
            <div className="tool-card-label">Files created</div>
            <ul className="server-tool-files" aria-label="Files created">
              {run.files.map((id) => (
                <li key={id}>
                  <code>{shownName(id)}</code>
                </li>
              ))}
            </ul>
            <p className="server-tool-note">{FILES_NOT_DOWNLOADABLE}</p>
          </>
        )}
        {run.error && (
          <div className="server-tool-error">
            Code execution failed: {serverErrorSentence(run.error)}
            {run.errorMessage && ` ${shownText(run.errorMessage)}`}
          </div>
        )}
        {!result && <div className="tool-card-pending">{pending(streaming)}</div>}
      </details>
    </section>
  );
}
