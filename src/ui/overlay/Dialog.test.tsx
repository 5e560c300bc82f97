// @vitest-environment jsdom
/**
 * The one modal dialog. jsdom has no showModal, so the two methods are stood in for as
 * the HTML standard describes them (open attribute, a queued close event); the focus
 * trap and the page made inert are the browser's, checked in e2e/keyboard.spec.ts.
 */
import { act, useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../testing/testRoot';
import { Dialog } from './Dialog';

beforeAll(() => {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      if (this.open) throw new DOMException('already open', 'InvalidStateError');
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      setTimeout(() => this.dispatchEvent(new Event('close')));
    },
  });
});

const page = testRoot();
/** What had the focus before each dialog opened. */
let opener: HTMLButtonElement;

beforeEach(() => {
  opener = document.createElement('button');
  document.body.append(opener);
  opener.focus();
});

afterEach(() => {
  opener.remove();
});

/** Keeps a Dialog mounted and opens and closes it through `open`, as Settings does. */
let setOpen: (open: boolean) => void = () => {};
function Owner({ onClose }: { onClose(): void }) {
  const [open, set] = useState(false);
  setOpen = set;
  return (
    <Dialog title="Settings" open={open} onClose={onClose}>
      <input aria-label="Model" />
    </Dialog>
  );
}

const dialog = () => document.querySelector('dialog');
/** Lets the close event a close() queued be delivered. */
const closeEventsDelivered = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('Dialog', () => {
  it('opens as a modal named by its heading', () => {
    page.render(
      <Dialog title="Delete session?" className="confirm-dialog" onClose={() => {}}>
        <p>Gone for good.</p>
      </Dialog>,
    );
    const element = dialog();
    expect(element?.open).toBe(true);
    expect(element?.className).toBe('dialog confirm-dialog');
    const heading = element?.querySelector('h2');
    expect(heading?.textContent).toBe('Delete session?');
    expect(element?.getAttribute('aria-labelledby')).toBe(heading?.id);
    expect(element?.hasAttribute('aria-label')).toBe(false);
  });

  it('takes a label instead when it has no heading', () => {
    page.render(
      <Dialog label="chart.png" onClose={() => {}}>
        <img src="data:," alt="chart.png" />
      </Dialog>,
    );
    expect(dialog()?.getAttribute('aria-label')).toBe('chart.png');
    expect(dialog()?.querySelector('h2')).toBeNull();
  });

  it('asks its owner to close on Esc, and stays open until the owner does', () => {
    const onClose = vi.fn();
    page.render(
      <Dialog title="Keyboard shortcuts" onClose={onClose}>
        <button type="button">Close</button>
      </Dialog>,
    );
    const esc = new Event('cancel', { cancelable: true });
    act(() => {
      dialog()?.dispatchEvent(esc);
    });
    expect(esc.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog()?.open).toBe(true);
  });

  it('gives the focus back to what had it when it is unmounted, and does not report its own close', async () => {
    const onClose = vi.fn();
    page.render(
      <Dialog title="Keyboard shortcuts" onClose={onClose}>
        <button type="button">Close</button>
      </Dialog>,
    );
    const element = dialog();
    act(() => element?.querySelector('button')?.focus());
    expect(document.activeElement?.textContent).toBe('Close');
    await page.renderSettled(null);
    expect(element?.open).toBe(false);
    expect(document.activeElement).toBe(opener);
    await closeEventsDelivered();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('follows `open` when it stays mounted, each opening from the focus of the time', async () => {
    const onClose = vi.fn();
    page.render(<Owner onClose={onClose} />);
    expect(dialog()?.open).toBe(false);
    act(() => setOpen(true));
    expect(dialog()?.open).toBe(true);
    act(() => dialog()?.querySelector('input')?.focus());
    await act(async () => setOpen(false));
    expect(dialog()?.open).toBe(false);
    expect(document.activeElement).toBe(opener);
    await closeEventsDelivered();
    expect(onClose).not.toHaveBeenCalled();
    act(() => setOpen(true));
    expect(dialog()?.open).toBe(true);
  });

  it('tells its owner when the browser closed it itself', async () => {
    const onClose = vi.fn();
    page.render(
      <Dialog title="Delete session?" onClose={onClose}>
        <p>Gone for good.</p>
      </Dialog>,
    );
    // As Chromium does on an Esc it will not let the page cancel: closed without asking.
    HTMLDialogElement.prototype.close.call(dialog());
    await closeEventsDelivered();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a click on its backdrop when asked to, not on a click inside', () => {
    const onClose = vi.fn();
    page.render(
      <Dialog label="chart.png" onClose={onClose} closeOnBackdrop>
        <button type="button">Inside</button>
      </Dialog>,
    );
    act(() => dialog()?.querySelector('button')?.click());
    expect(onClose).not.toHaveBeenCalled();
    // A click on the backdrop is a click on the dialog element itself.
    act(() => dialog()?.click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close on a backdrop click unless asked to', () => {
    const onClose = vi.fn();
    page.render(
      <Dialog title="Delete session?" onClose={onClose}>
        <p>Gone for good.</p>
      </Dialog>,
    );
    act(() => dialog()?.click());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('with onSubmit, is one form from its heading on, submitted by Enter without closing itself', () => {
    const onSubmit = vi.fn();
    page.render(
      <Dialog title="Settings" onClose={() => {}} onSubmit={onSubmit}>
        <input aria-label="Model" />
        <button type="submit">Save</button>
      </Dialog>,
    );
    const form = dialog()?.querySelector('form');
    expect(form?.firstElementChild?.tagName).toBe('H2');
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    act(() => {
      form?.dispatchEvent(submit);
    });
    expect(submit.defaultPrevented).toBe(true);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(dialog()?.open).toBe(true);
  });
});
