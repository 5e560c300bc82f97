// @vitest-environment jsdom
/**
 * Where the focus goes when the app becomes ready: into the message box, unless the user
 * has already put it somewhere (a Tab to the skip link while the app was still loading);
 * and into the box whenever the user opens another session.
 */
import { describe, expect, it } from 'vitest';
import { testRoot } from '../../../testing/testRoot';
import { MESSAGE_BOX_ID } from './messageBox';
import { useMessageBoxFocus } from './useMessageBoxFocus';

const view = testRoot();

function Page({ ready, sessionId }: { ready: boolean; sessionId: string | null }) {
  useMessageBoxFocus(ready, sessionId);
  return (
    <>
      <a href={`#${MESSAGE_BOX_ID}`}>Skip to the message box</a>
      <textarea id={MESSAGE_BOX_ID} aria-label="Message" />
    </>
  );
}

/** Runs the animation frame the hook waits for. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

const box = () => document.getElementById(MESSAGE_BOX_ID);
const skipLink = () => view.container.querySelector('a');

describe('useMessageBoxFocus', () => {
  it('puts the focus in the message box once the app is ready', async () => {
    view.render(<Page ready={false} sessionId={null} />);
    view.render(<Page ready sessionId="s1" />);
    await nextFrame();
    expect(document.activeElement).toBe(box());
  });

  it('leaves the focus where the user put it before the app was ready', async () => {
    view.render(<Page ready={false} sessionId={null} />);
    skipLink()?.focus();
    view.render(<Page ready sessionId="s1" />);
    await nextFrame();
    expect(document.activeElement).toBe(skipLink());
  });

  it('moves the focus to the box when the user opens another session', async () => {
    view.render(<Page ready sessionId="s1" />);
    await nextFrame();
    skipLink()?.focus();
    view.render(<Page ready sessionId="s2" />);
    await nextFrame();
    expect(document.activeElement).toBe(box());
  });
});
