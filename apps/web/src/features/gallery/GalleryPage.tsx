import { Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';

export function GalleryPage() {
  usePageMeta('Gallery', 'Before-and-after photos of kitchens, bathrooms, offices and more.');
  return <Page title="Gallery" />;
}
