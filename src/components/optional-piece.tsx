// Around a piece of a page that loads its own code and that the page works without (a card that
// offers something): if that code cannot load (the network dropped, a deploy removed an older
// build's file), the piece is left out instead of the router's error replacing the whole page.
import { Component, Suspense, type ReactNode } from 'react';

export class OptionalPiece extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
