/**
 * What a newcomer sees before anything else (issue 24, item 6): that the app runs on an
 * offline demo model until a key is added, what a handoff is, where to add a key, and a
 * few prompts to try. Shown only while there is no key and no session (EmptyChat.tsx).
 */
import { openSettings, setComposerText, submitComposer } from '../../state/actions/actions';
import { focusMessageBox } from '../keyboard/messageBox';
import './firstRun.css';

/** Each shows something of the demo: a todo list, a reply with Markdown and code, handoff. */
export const STARTER_PROMPTS = [
  'Make a plan for launching a small website',
  'Show me what a reply with code looks like',
  'What is a handoff, and when should I use one?',
] as const;

const HEADING_ID = 'first-run-heading';

export function FirstRunCard() {
  const start = (prompt: string) => {
    // Through the box, as if typed: the send clears it, and a refusal gives it back there.
    setComposerText(prompt);
    void submitComposer(prompt);
    // The card goes once the session exists; the focus goes on where the chat continues.
    focusMessageBox();
  };
  return (
    <section className="first-run" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID}>Getting started</h2>
      <p>
        Baton is in <strong>demo mode</strong>: an offline model answers, so you can try everything, and
        nothing leaves your browser.
      </p>
      <p>
        When a conversation grows long, a <strong>handoff</strong> writes down where the work stands and
        carries it into a fresh session, so the model keeps its focus.
      </p>
      <button type="button" className="primary" onClick={() => openSettings(true)}>
        Add an Anthropic API key
      </button>
      <h3 className="first-run-try">Try one</h3>
      <ul className="first-run-prompts">
        {STARTER_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button type="button" onClick={() => start(prompt)}>
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
