import { numberParam } from '@clean/shared';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * State kept in the page's address (a page number, an open dialog, a search), so links and GET forms work before
 * and without script and Back undoes a step. `linkTo(changes)` is the address with those parameters changed (null
 * removes one); `go(changes)` moves there in place (the same page keeps its scroll: app/RootLayout).
 */
export function useSearchState() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const linkTo = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    return { pathname, search: next.size ? `?${next}` : '' };
  };
  const go = (changes: Record<string, string | number | null>, options: { replace?: boolean } = {}) =>
    navigate(linkTo(changes), options);
  return { params, linkTo, go };
}

/**
 * A dialog opened by a link (`?name=id`): without script the server renders the page with it open; once live the
 * link opens it in place. `close` goes back to the address without it (replacing the entry: Back then leaves).
 */
export function useDialogParam(name: string) {
  const { params, linkTo, go } = useSearchState();
  return {
    id: numberParam(params.get(name)),
    linkFor: (id: number) => linkTo({ [name]: id }),
    closeLink: linkTo({ [name]: null }),
    close: () => go({ [name]: null }, { replace: true }),
  };
}
