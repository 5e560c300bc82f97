/**
 * Copy buttons for the code blocks of sanitised markdown. They are added to the DOM
 * after React has set the HTML, because the HTML is a string React does not manage;
 * DOMPurify never sees them, so the sanitiser can stay free of buttons.
 */

export const COPY_LABEL = 'Copy';
export const COPIED_LABEL = 'Copied';
export const COPY_FAILED_LABEL = 'Copy failed';
export const COPY_ACCESSIBLE_NAME = 'Copy code';
/** How long the button says "Copied" before it offers to copy again. */
export const COPY_FEEDBACK_MS = 1500;

export interface ClipboardWriter {
  writeText(text: string): Promise<void>;
}

/** The code the user sees, without the newline the fence ends with. */
function codeTextOf(block: Element): string {
  return (block.querySelector('code')?.textContent ?? '').replace(/\n$/, '');
}

/**
 * Adds one button per `[data-code-block]` under `root` (idempotent) and returns a
 * cleanup that removes the listeners and pending timers.
 */
export function attachCopyButtons(
  root: HTMLElement,
  clipboard: ClipboardWriter | undefined = globalThis.navigator?.clipboard,
): () => void {
  const cleanups: (() => void)[] = [];
  for (const block of root.querySelectorAll('[data-code-block]')) {
    if (block.querySelector(':scope > button[data-copy-code]')) continue;
    const button = block.ownerDocument.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.dataset.copyCode = '';
    button.setAttribute('aria-label', COPY_ACCESSIBLE_NAME);
    button.textContent = COPY_LABEL;

    let timer: ReturnType<typeof setTimeout> | undefined;
    const showBriefly = (label: string) => {
      button.textContent = label;
      clearTimeout(timer);
      timer = setTimeout(() => {
        button.textContent = COPY_LABEL;
      }, COPY_FEEDBACK_MS);
    };
    const onClick = () => {
      // No clipboard API outside secure contexts: say so rather than pretend.
      if (!clipboard) return showBriefly(COPY_FAILED_LABEL);
      clipboard.writeText(codeTextOf(block)).then(
        () => showBriefly(COPIED_LABEL),
        () => showBriefly(COPY_FAILED_LABEL),
      );
    };
    button.addEventListener('click', onClick);
    block.prepend(button);
    cleanups.push(() => {
      button.removeEventListener('click', onClick);
      clearTimeout(timer);
    });
  }
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
