/**
 * The DOM side of a virtual list: it follows the scroller's position and height, measures
 * the rendered rows and writes the scroll corrections that keep the reader's place. The
 * geometry itself is ListLayout's; useVirtualList ties this to a component's renders.
 */
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';
import { type Align, ListLayout, type RowBox, type RowKey, type VisibleRange } from './listLayout';
import { defaultRangeExtractor, type Range } from './range';

/** The attribute each rendered row carries with its index, so a measurement finds its row. */
const INDEX_ATTRIBUTE = 'data-index';
/** Frames a scroll to a row keeps correcting while the rows around it are measured. */
const SETTLE_FRAMES = 10;

export interface VirtualListOptions {
  count: number;
  scrollerRef: RefObject<HTMLElement | null>;
  /**
   * A row's stable key. A new function (or count, or padding) lays every row out again,
   * measured sizes kept by key: pass one that changes only with the rows.
   */
  keyAt(index: number): RowKey;
  /** A row's height before it is measured; read only when the rows are laid out again. */
  estimateSize(index: number): number;
  /** Rows rendered beyond each edge of the view. */
  overscan: number;
  paddingStart?: number;
  paddingEnd?: number;
  /** Which rows to render for the rows in view (defaultRangeExtractor when absent). */
  rangeExtractor?(range: Range): number[];
  /**
   * When the rows change, the row at the top of the view stays where it is on screen:
   * older entries added in front do not push what the reader looks at.
   */
  keepPlaceOnChange?: boolean;
  /** The scroll position to start at, read once the list attaches to its scroller (after the first commit). */
  initialOffset?(): number;
}

export interface VirtualList {
  /** The rows to render, in index order; none until the list has attached to its scroller. */
  rows: readonly RowBox[];
  /** The height of the whole list, for the element the rows are positioned in. */
  totalSize: number;
  /** The scroller's visible height: 0 while it is hidden. */
  viewportHeight: number;
  /** Each row's ref: it is measured now and whenever its size changes. The row carries data-index. */
  measure(element: HTMLElement | null): (() => void) | undefined;
  /** Scrolls row `index` into view, correcting for a few frames as the rows near it are measured. */
  scrollToIndex(index: number, align: Align): void;
}

function sameRange(a: VisibleRange | null, b: VisibleRange | null): boolean {
  return a === b || (a !== null && b !== null && a.startIndex === b.startIndex && a.endIndex === b.endIndex);
}

export class VirtualScroller {
  private readonly layout = new ListLayout();
  private options: VirtualListOptions | null = null;
  /** What the rows were last laid out from: a change of any of these lays them out again. */
  private laidOutFrom: unknown[] = [];
  private element: HTMLElement | null = null;
  private viewObserver: ResizeObserver | null = null;
  /** Created with the first row; rows stop being observed through their refs' cleanup. */
  private rowObserver: ResizeObserver | null = null;
  /** Where the list is scrolled to, as the rows were laid out: the DOM's position plus `pending`. */
  private offset = 0;
  /** A scroll correction decided but not written yet: it is written once the list's new height is in the DOM. */
  private pending = 0;
  private height = 0;
  private renderedVersion = -1;
  private renderedRange: VisibleRange | null = null;
  /** Set while a scroll event renders: rows then mounted are measured by the observer, before the paint. */
  private scrolling = false;
  private settleFrame = 0;

  constructor(private readonly rerender: () => void) {}

  /** During render: lays the rows out again when they changed, and says what to render. */
  view(options: VirtualListOptions): VirtualList {
    this.options = options;
    const { count, keyAt, paddingStart = 0, paddingEnd = 0 } = options;
    const from = [count, keyAt, paddingStart, paddingEnd];
    if (from.some((value, i) => value !== this.laidOutFrom[i])) {
      this.laidOutFrom = from;
      const anchor = options.keepPlaceOnChange && this.element ? this.layout.anchorAt(this.offset) : null;
      this.layout.reset(count, keyAt, options.estimateSize, paddingStart, paddingEnd);
      const offset = anchor ? this.layout.offsetOf(anchor) : null;
      if (offset !== null) {
        this.pending += offset - this.offset;
        this.offset = offset;
      }
    }
    const range = this.element ? this.layout.visibleRange(this.offset, this.height) : null;
    this.renderedRange = range;
    this.renderedVersion = this.layout.version;
    const extract = options.rangeExtractor ?? defaultRangeExtractor;
    const indexes = range ? extract({ ...range, overscan: options.overscan, count }) : [];
    return {
      rows: indexes.map((index) => this.layout.box(index)),
      totalSize: this.layout.totalSize,
      viewportHeight: this.height,
      measure: this.measure,
      scrollToIndex: this.scrollToIndex,
    };
  }

  /**
   * After every commit: attaches to the scroller once it exists, and writes the scroll
   * correction the commit has made room for (written earlier, before the list's new
   * height is in the DOM, the browser would clamp it).
   */
  committed(): void {
    const element = this.options?.scrollerRef.current ?? null;
    if (element !== this.element) {
      this.detach();
      if (element) this.attach(element);
      return;
    }
    if (!element || this.renderedVersion !== this.layout.version) return;
    if (this.pending !== 0) {
      element.scrollTop += this.pending;
      this.pending = 0;
      this.offset = element.scrollTop;
    }
    // A write the browser clamped leaves the view elsewhere than the render assumed.
    if (!sameRange(this.layout.visibleRange(this.offset, this.height), this.renderedRange)) this.rerender();
  }

  detach(): void {
    cancelAnimationFrame(this.settleFrame);
    this.element?.removeEventListener('scroll', this.onScroll);
    this.viewObserver?.disconnect();
    this.viewObserver = null;
    this.element = null;
  }

  /**
   * The first render has no scroller, so it lays out only the list's height: the initial
   * offset is read now that the scroller can be measured, and the rows render at once,
   * before anything is painted (a layout effect's update is synchronous).
   */
  private attach(element: HTMLElement): void {
    this.element = element;
    element.scrollTop = this.options?.initialOffset?.() ?? 0;
    this.offset = element.scrollTop;
    this.pending = 0;
    this.height = element.clientHeight;
    element.addEventListener('scroll', this.onScroll, { passive: true });
    this.viewObserver = new ResizeObserver(this.onViewResized);
    this.viewObserver.observe(element);
    this.rerender();
  }

  /** The scroll position as laid out: the DOM's, which others (following the bottom) also write, plus what is still to be written. */
  private readOffset(element: HTMLElement): void {
    this.offset = element.scrollTop + this.pending;
  }

  /** Re-renders only when the rows in view change: a scroll within them costs a binary search. */
  private onScroll = (): void => {
    const element = this.element;
    if (!element) return;
    this.readOffset(element);
    if (sameRange(this.layout.visibleRange(this.offset, this.height), this.renderedRange)) return;
    // Synchronously, so the rows scrolled to are in the frame this scroll paints.
    this.scrolling = true;
    try {
      flushSync(this.rerender);
    } finally {
      this.scrolling = false;
    }
  };

  private onViewResized = (): void => {
    const element = this.element;
    if (!element || element.clientHeight === this.height) return;
    this.height = element.clientHeight;
    this.readOffset(element);
    flushSync(this.rerender);
  };

  /** Stable, so that React attaches each row's ref once, when it mounts. */
  readonly measure = (element: HTMLElement | null): (() => void) | undefined => {
    if (!element) return undefined;
    this.rowObserver ??= new ResizeObserver(this.onRowsResized);
    this.rowObserver.observe(element);
    // A row mounted by any render but a scroll's is measured now, inside the commit, so
    // that the re-render it asks for (synchronous, from a ref) corrects the positions
    // before the next animation frame sees them. Rows mounted while scrolling wait for
    // the observer, which reports them after this frame's layout, still before its paint,
    // without a layout forced per scroll.
    const index = Number(element.getAttribute(INDEX_ATTRIBUTE));
    if (this.element && !this.scrolling && !this.layout.isMeasured(index)) {
      this.readOffset(this.element);
      if (this.record(index, element.offsetHeight)) this.rerender();
    }
    const observer = this.rowObserver;
    return () => observer.unobserve(element);
  };

  /** All the rows resized in a frame, re-rendered once, synchronously: the correction paints with the change. */
  private onRowsResized = (entries: ResizeObserverEntry[]): void => {
    const element = this.element;
    if (!element) return;
    this.readOffset(element);
    let moved = false;
    for (const entry of entries) {
      const row = entry.target as HTMLElement;
      const box = entry.borderBoxSize[0];
      const size = Math.round(box ? box.blockSize : row.offsetHeight);
      if (this.record(Number(row.getAttribute(INDEX_ATTRIBUTE)), size)) moved = true;
    }
    if (moved) flushSync(this.rerender);
  };

  /** Records a row's size and the scroll correction it calls for; true when any row moved. */
  private record(index: number, size: number): boolean {
    // A row always has some height (its padding): 0 is a hidden list, whose rows keep
    // their sizes for when it shows again.
    if (!Number.isInteger(index) || index < 0 || index >= this.layout.count || size === 0) return false;
    const version = this.layout.version;
    const shift = this.layout.measure(index, size, this.offset);
    this.offset += shift;
    this.pending += shift;
    return this.layout.version !== version;
  }

  /** Stable, for effects that depend on it. */
  readonly scrollToIndex = (index: number, align: Align): void => {
    cancelAnimationFrame(this.settleFrame);
    let frames = SETTLE_FRAMES;
    const settle = () => {
      if (this.scrollTo(index, align) && --frames > 0) this.settleFrame = requestAnimationFrame(settle);
    };
    settle();
  };

  /** One step of scrollToIndex; true when it had to move. */
  private scrollTo(index: number, align: Align): boolean {
    const element = this.element;
    const count = this.layout.count;
    if (!element || count === 0) return false;
    this.readOffset(element);
    const row = Math.max(0, Math.min(index, count - 1));
    const maxOffset = element.scrollHeight - element.clientHeight;
    const target = this.layout.offsetToShow(row, align, this.offset, this.height, maxOffset);
    if (target === null || Math.abs(target - this.offset) < 1) return false;
    // The target was found in the layout the pending correction belongs to: it replaces it.
    element.scrollTop = target;
    this.pending = 0;
    this.offset = element.scrollTop;
    if (!sameRange(this.layout.visibleRange(this.offset, this.height), this.renderedRange)) this.rerender();
    return true;
  }
}
