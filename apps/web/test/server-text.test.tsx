import { act, waitFor } from '@testing-library/react';
import { renderToStringAsync } from 'preact-render-to-string';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerText } from '../src/lib/ServerText';

const longDate = (iso: string) => `long ${iso.slice(0, 10)}`;

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe('ServerText', () => {
  it("keeps the server's text while hydrating without computing it, and computes it once the value changes", async () => {
    const root = document.createElement('div');
    document.body.append(root);
    // The real server has no document; here the mark stands in for "not hydrating".
    document.documentElement.dataset.hydrated = 'true';
    root.innerHTML = await renderToStringAsync(<ServerText value="2026-01-02T10:00:00Z" format={longDate} />);
    delete document.documentElement.dataset.hydrated;
    const serverText = root.querySelector('p')?.firstChild;
    expect(serverText?.textContent).toBe('long 2026-01-02');

    const format = vi.fn(longDate);
    const reactRoot = hydrateRoot(root, <ServerText value="2026-01-02T10:00:00Z" format={format} />);
    await act(async () => {});
    expect(format).not.toHaveBeenCalled();
    expect(root.querySelector('p')?.firstChild).toBe(serverText);

    // A re-render with the same value keeps it; a new value is formatted.
    await act(async () => reactRoot.render(<ServerText value="2026-01-02T10:00:00Z" format={format} />));
    expect(root.textContent).toBe('long 2026-01-02');
    expect(format).not.toHaveBeenCalled();
    await act(async () => reactRoot.render(<ServerText value="2026-03-04T10:00:00Z" format={format} />));
    expect(root.textContent).toBe('long 2026-03-04');
    expect(format).toHaveBeenCalledWith('2026-03-04T10:00:00Z');
  });

  it('computes the text of markup rendered afresh while the page is still hydrating (nothing to keep)', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const format = vi.fn(longDate);
    await act(async () =>
      createRoot(root).render(<ServerText value="2026-01-02T10:00:00Z" format={format} />),
    );
    await waitFor(() => expect(root.textContent).toBe('long 2026-01-02'));
    expect(format).toHaveBeenCalledTimes(1);
  });
});
