import { Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';

export function PackagesPage() {
  usePageMeta('Packages', 'Residential, office and moving-day cleaning packages — every one eco-friendly.');
  return <Page title="Packages" />;
}
