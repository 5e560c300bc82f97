/**
 * What the lazily loaded markdown chunk exports (see loadRenderer.ts): the renderer
 * (marked, DOMPurify and their caches) and the component that draws its blocks, which is
 * of no use without it. Both stay out of the initial JavaScript.
 */
export { markdownRenderer } from './markdownRenderer';
export { RenderedMarkdown } from './RenderedMarkdown';
