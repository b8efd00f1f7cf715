import { Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';

export function ReviewsPage() {
  usePageMeta('Reviews', 'What our customers say about their eco-friendly clean.');
  return <Page title="Reviews" />;
}
