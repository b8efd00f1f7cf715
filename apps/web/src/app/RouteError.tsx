import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../lib/ui/Button';
import { Page } from '../lib/ui/Page';

/** Shown inside the layout when a page fails to render or its code cannot be downloaded. */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isNotFound) console.error(error);
  return (
    <Page
      title={isNotFound ? 'Page not found' : 'Something went wrong'}
      intro={
        isNotFound
          ? 'We couldn’t find that page.'
          : 'Sorry, this page didn’t load properly. A refresh usually fixes it.'
      }
    >
      <div className="flex flex-wrap gap-3">
        {!isNotFound && <Button onClick={() => window.location.reload()}>Refresh the page</Button>}
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
    </Page>
  );
}
