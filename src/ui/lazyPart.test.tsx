// @vitest-environment jsdom
import { act, Component, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lazyPart } from './lazyPart';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** Records what reached an error boundary: a lazy part must never send its load failure there. */
class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: String(error) };
  }
  override render() {
    return this.state.error ? <p>Crashed: {this.state.error}</p> : this.props.children;
  }
}

let host: HTMLDivElement;
let root: Root;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('lazyPart', () => {
  it('draws the part once its chunk has arrived, and at once on a later mount', async () => {
    let loads = 0;
    const Part = lazyPart(async () => {
      loads++;
      return Greeting;
    });
    act(() => root.render(<Part name="Ada" />));
    expect(host.textContent).toBe('');
    await settle();
    expect(host.textContent).toBe('Hello Ada');
    act(() => root.render(<p>gone</p>));
    act(() => root.render(<Part name="Bob" />));
    expect(host.textContent).toBe('Hello Bob');
    expect(loads).toBe(1);
  });

  it('preload asks for the chunk before the part is drawn, so its first drawing has it, and loads once', async () => {
    let loads = 0;
    const Part = lazyPart(async () => {
      loads++;
      return Greeting;
    });
    Part.preload();
    Part.preload();
    await settle();
    act(() => root.render(<Part name="Ada" />));
    expect(host.textContent).toBe('Hello Ada');
    expect(loads).toBe(1);
  });

  it('a chunk that fails to load draws nothing, crashes nothing, and is asked for again once back online', async () => {
    let fail = true;
    let loads = 0;
    const Part = lazyPart(async () => {
      loads++;
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return Greeting;
    });
    act(() =>
      root.render(
        <Boundary>
          <p>The chat</p>
          <Part name="Ada" />
        </Boundary>,
      ),
    );
    await settle();
    expect(host.textContent).toBe('The chat');
    expect(loads).toBe(1);

    fail = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(host.textContent).toBe('The chatHello Ada');
    expect(loads).toBe(2);
  });

  it('a part drawn again after a failed load asks for its chunk again', async () => {
    let fail = true;
    const Part = lazyPart(async () => {
      if (fail) throw new TypeError('offline');
      return Greeting;
    });
    act(() => root.render(<Part name="Ada" />));
    await settle();
    expect(host.textContent).toBe('');
    act(() => root.render(<p>closed</p>));
    fail = false;
    act(() => root.render(<Part name="Ada" />));
    await settle();
    expect(host.textContent).toBe('Hello Ada');
  });
});
