import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteTab } from '../src/app/hub/SiteTab';
import { page, renderWithApp, stubFetch } from './utils';

describe('Site → Photos', () => {
  // The upload form is its own chunk, transformed on first import: done here, under the hook's limit.
  beforeAll(() => import('../src/features/gallery/admin/GalleryUploadForm'));

  it('uploads a photo to the gallery from the hub and says so, with a link to the Gallery page', async () => {
    const fetchMock = stubFetch({
      'GET /api/site': { status: 404, body: { error: 'Not found' } },
      'GET /api/working_hours': { status: 404, body: { error: 'Not found' } },
      'POST /api/gallery/upload': {
        status: 201,
        body: {
          id: 9,
          image_url: 'https://img.example/9.jpg',
          caption: '',
          category: 'Kitchen',
          photo_type: null,
        },
      },
    });
    renderWithApp('/contact-center?tab=site', [page('/contact-center', <SiteTab />)]);
    const photos = await screen.findByRole('region', { name: 'Photos' });
    expect(within(photos).getByRole('link', { name: 'Gallery' }).getAttribute('href')).toBe('/gallery');
    const form = await within(photos).findByRole('form', { name: 'Add to Gallery' }, { timeout: 5_000 });
    fireEvent.input(within(form).getByLabelText('Image URL'), {
      target: { value: 'https://img.example/9.jpg' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to Gallery' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Photo uploaded successfully!');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/gallery/upload');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ image_url: 'https://img.example/9.jpg' });
  });
});
