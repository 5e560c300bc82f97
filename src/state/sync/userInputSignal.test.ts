/** The page's signal to the sync workers that the user is typing. */
import { describe, expect, it } from 'vitest';
import { THROTTLE_MS, watchUserInput } from './userInputSignal';

function setup(catchingUp: () => boolean) {
  const target = new EventTarget();
  let clock = 1_000;
  let posts = 0;
  const stop = watchUserInput(
    target,
    catchingUp,
    () => {
      posts += 1;
    },
    () => clock,
  );
  return {
    fire: (type: string) => target.dispatchEvent(new Event(type)),
    tick: (ms: number) => {
      clock += ms;
    },
    posts: () => posts,
    stop,
  };
}

describe('watchUserInput', () => {
  it('posts on a key, a click and a wheel turn during a catch-up, at most once every THROTTLE_MS', () => {
    const page = setup(() => true);
    page.fire('keydown');
    page.fire('keydown');
    expect(page.posts()).toBe(1);
    page.tick(THROTTLE_MS);
    page.fire('pointerdown');
    expect(page.posts()).toBe(2);
    page.tick(THROTTLE_MS);
    page.fire('wheel');
    expect(page.posts()).toBe(3);
    page.tick(THROTTLE_MS);
    page.fire('mousemove');
    expect(page.posts()).toBe(3);
  });

  it('posts nothing while sync is off or live, and nothing once stopped', () => {
    let catchingUp = false;
    const page = setup(() => catchingUp);
    page.fire('keydown');
    expect(page.posts()).toBe(0);
    catchingUp = true;
    page.fire('keydown');
    expect(page.posts()).toBe(1);
    page.stop();
    page.tick(THROTTLE_MS);
    page.fire('keydown');
    expect(page.posts()).toBe(1);
  });
});
