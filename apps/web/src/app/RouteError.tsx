import { Component, type ReactNode } from 'react';
import { Button, ButtonLink } from '../lib/ui/Button';
import { Page } from '../lib/ui/Page';

/** Shown inside the layout when a page fails to render or its code cannot be downloaded. */
function RouteError() {
  return (
    <Page
      title="Something went wrong"
      intro="Sorry, this page didn’t load properly. A refresh usually fixes it."
    >
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>Refresh the page</Button>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
    </Page>
  );
}

/**
 * Keeps a page's failure inside the layout (menu and footer stay). Give it `key={pathname}`: another page starts
 * afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
