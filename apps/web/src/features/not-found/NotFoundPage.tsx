import { ButtonLink } from '../../lib/ui/Button';
import { Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';

export function NotFoundPage() {
  usePageMeta('Page not found', 'This page does not exist.');
  return (
    <Page
      title="Page not found"
      intro="Looks like this corner has already been swept clean — the page you’re after isn’t here."
    >
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/">Back to Home</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Book a cleaning
        </ButtonLink>
      </div>
    </Page>
  );
}
