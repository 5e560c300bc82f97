import { Component, type ReactNode } from 'react';
import { RegionFallback, type RegionFallbackProps } from './RegionFallback';
import { RenderFault } from './RenderFault';
import type { Region } from './regions';

interface Props extends Pick<RegionFallbackProps, 'onClose' | 'frame'> {
  region: Region;
  /** When it changes, the region is drawn again: another session opened may well draw. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
  resetKey: unknown;
}

/**
 * An error boundary around one region of the page. Without it, an error while drawing
 * anything (a stored record the UI cannot show, a bug) unmounts the whole app and leaves
 * the page blank on every reload. A class component: React has no hook for this.
 */
export class RegionBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { failed: false, error: undefined, resetKey: props.resetKey };
  }

  private readonly retry = () => this.setState({ failed: false, error: undefined });

  override render(): ReactNode {
    const { region, children, onClose, frame } = this.props;
    if (this.state.failed) {
      return (
        <RegionFallback
          region={region}
          error={this.state.error}
          retry={this.retry}
          {...(onClose && { onClose })}
          {...(frame && { frame })}
        />
      );
    }
    return (
      <>
        <RenderFault region={region} />
        {children}
      </>
    );
  }
}
