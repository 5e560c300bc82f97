import { type ComponentType, lazy } from 'react';
import type { ToolCallProps } from './toolRenderer';

/** A renderer's Call loaded on first use; ToolCalls shows nothing in its place until it is there. */
export function lazyCall(load: () => Promise<ComponentType<ToolCallProps>>): ComponentType<ToolCallProps> {
  return lazy(() => load().then((Call) => ({ default: Call })));
}
