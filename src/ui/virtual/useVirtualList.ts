import { useLayoutEffect, useReducer, useState } from 'react';
import { type VirtualList, type VirtualListOptions, VirtualScroller } from './virtualScroller';

export type { VirtualList, VirtualListOptions } from './virtualScroller';

/**
 * A virtual list: only the rows near the scroller's view are rendered, each measured
 * as it mounts and whenever it resizes (see VirtualScroller). The component re-renders
 * when the rows in view change, at most once per scroll event or measured frame.
 */
export function useVirtualList(options: VirtualListOptions): VirtualList {
  const [, rerender] = useReducer((tick: number) => tick + 1, 0);
  const [scroller] = useState(() => new VirtualScroller(rerender));
  const list = scroller.view(options);
  // After every commit: the scroller may have just mounted, and a correction decided in
  // this render is written only once the list's new height is in the DOM.
  useLayoutEffect(() => scroller.committed());
  useLayoutEffect(() => () => scroller.detach(), [scroller]);
  return list;
}
