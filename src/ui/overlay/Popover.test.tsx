// @vitest-environment jsdom
/** A popover with its button (usePopover + Popover), as the composer and status line use them. */
import { act, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../testing/testRoot';
import { Popover } from './Popover';
import { type PopoverControl, usePopover } from './usePopover';

const page = testRoot();
/** A control elsewhere on the page. */
let outside: HTMLButtonElement;
let control: PopoverControl;

beforeEach(() => {
  outside = document.createElement('button');
  document.body.append(outside);
});

afterEach(() => {
  outside.remove();
});

function Harness({
  withField = false,
  onOpen,
  closeOnOutsidePress,
}: {
  withField?: boolean;
  onOpen?(): void;
  closeOnOutsidePress?: boolean;
}) {
  const popover = usePopover({
    ...(onOpen && { onOpen }),
    ...(closeOnOutsidePress === false && { closeOnOutsidePress }),
  });
  control = popover;
  const field = useRef<HTMLInputElement>(null);
  return (
    <div ref={popover.anchorRef}>
      <button type="button" {...popover.buttonProps}>
        Export
      </button>
      {popover.open && (
        <Popover
          id={popover.panelId}
          label="Export choices"
          placement="below-end"
          className="export-popover"
          onClose={popover.close}
          {...(withField && { initialFocus: field })}
        >
          <input ref={field} aria-label="Focus" />
        </Popover>
      )}
    </div>
  );
}

const button = () => page.container.querySelector('button') as HTMLButtonElement;
const panel = () => page.container.querySelector<HTMLElement>('[role="dialog"]');
const press = (target: EventTarget) =>
  act(() => {
    target.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  });

describe('Popover', () => {
  it('opens from its button, which says so and names it, and takes the focus itself', () => {
    page.render(<Harness />);
    expect(button().getAttribute('aria-haspopup')).toBe('dialog');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(button().hasAttribute('aria-controls')).toBe(false);
    act(() => button().click());
    const opened = panel();
    expect(opened?.getAttribute('aria-label')).toBe('Export choices');
    expect(opened?.className).toBe('popover popover-below-end export-popover');
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(button().getAttribute('aria-controls')).toBe(opened?.id);
    expect(opened?.tabIndex).toBe(-1);
    expect(document.activeElement).toBe(opened);
    act(() => button().click());
    expect(panel()).toBeNull();
  });

  it('gives the focus to the field it names, and then is not focusable itself', () => {
    page.render(<Harness withField />);
    act(() => button().click());
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Focus');
    expect(panel()?.hasAttribute('tabindex')).toBe(false);
  });

  it('closes on Esc and gives the focus back to its button; the key goes no further', () => {
    const seen = vi.fn();
    window.addEventListener('keydown', seen);
    page.render(<Harness withField />);
    act(() => button().click());
    const esc = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => {
      document.activeElement?.dispatchEvent(esc);
    });
    window.removeEventListener('keydown', seen);
    expect(panel()).toBeNull();
    expect(esc.defaultPrevented).toBe(true);
    expect(seen).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a press outside, leaving the focus where it went; a press inside keeps it open', () => {
    page.render(<Harness withField />);
    act(() => button().click());
    const field = page.container.querySelector('input') as HTMLInputElement;
    press(field);
    expect(panel()).not.toBeNull();
    act(() => outside.focus());
    press(outside);
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(outside);
  });

  it('can stay open on a press outside', () => {
    page.render(<Harness closeOnOutsidePress={false} />);
    act(() => button().click());
    press(outside);
    expect(panel()).not.toBeNull();
  });

  it('starts each opening afresh with onOpen, and dismiss closes it without moving the focus', () => {
    const onOpen = vi.fn();
    page.render(<Harness withField onOpen={onOpen} />);
    act(() => button().click());
    expect(onOpen).toHaveBeenCalledTimes(1);
    act(() => control.dismiss());
    expect(panel()).toBeNull();
    expect(document.activeElement).not.toBe(button());
    act(() => button().click());
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
