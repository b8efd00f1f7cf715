/**
 * Where a visit came from, for the booking request's lead source (docs/product.md#where-leads-come-from): the `utm_*`
 * parameters and the other site of the page the visitor landed on. First-party and cookie-free: kept in this tab's
 * sessionStorage (gone when the tab closes, never sent anywhere until the visitor sends a booking request), written
 * once by the first page of the visit — so a later page, or a reload of /contact, does not overwrite how they
 * arrived.
 */
export type LeadSource = {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  /** The host of the site that linked here ("www.google.com"), when it was another site. */
  referrer?: string;
};

const KEY = 'lead-source';
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
const MAX = 100;

/** Called by the browser entry on every page load: the first one of the tab's visit is the landing page. */
export function rememberLanding(location: Location = window.location, referrer = document.referrer) {
  try {
    if (sessionStorage.getItem(KEY) !== null) return;
    const params = new URLSearchParams(location.search);
    const source: LeadSource = {};
    for (const name of UTM_PARAMS) {
      const value = params.get(name)?.trim().slice(0, MAX);
      if (value) source[name] = value;
    }
    if (referrer) {
      const from = new URL(referrer);
      if (from.host !== location.host) source.referrer = from.host.slice(0, MAX);
    }
    sessionStorage.setItem(KEY, JSON.stringify(source));
  } catch {
    // Storage refused (private mode, quota) or an unreadable referrer: the lead simply has no source.
  }
}

/** The visit's landing source, if any was kept. */
export function landingSource(): LeadSource {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return {};
    const source: LeadSource = {};
    for (const [name, value] of Object.entries(stored)) {
      if (typeof value === 'string' && value && ([...UTM_PARAMS, 'referrer'] as string[]).includes(name))
        source[name as keyof LeadSource] = value.slice(0, MAX);
    }
    return source;
  } catch {
    return {};
  }
}
