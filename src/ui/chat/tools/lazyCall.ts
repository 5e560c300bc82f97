import type { ComponentType } from 'react';
import { lazyPart } from '../../lazyPart';
import type { ToolCallProps } from './toolRenderer';

/**
 * A renderer's Call loaded on first use; ToolCalls shows nothing in its place until it is
 * there. A lazyPart, not React.lazy: a chunk that failed to load is asked for again.
 */
export function lazyCall(load: () => Promise<ComponentType<ToolCallProps>>): ComponentType<ToolCallProps> {
  return lazyPart(load);
}
