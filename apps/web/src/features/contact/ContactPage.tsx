import { Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';

export function ContactPage() {
  usePageMeta('Contact Us', 'Request a booking or ask a question — we’ll get back to you soon.');
  return <Page title="Contact Us" />;
}
