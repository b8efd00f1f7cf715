import { formatDateTime, type SiteConfig, type SiteSettingsInput, siteSettingsInput } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { siteConfigQueryOptions } from '../../lib/site-config';
import { TextAreaField } from '../../lib/ui/FormFields';
import { SubmitButton } from '../../lib/ui/FormStatus';
import { SaveStatus } from '../../lib/ui/SaveStatus';
import { TextField } from '../../lib/ui/TextField';
import { type SaveStatusState, useSaveStatus } from '../../lib/useSaveStatus';
import { useSaveSiteSettings } from './api';

type Draft = {
  businessName: string;
  tagline: string;
  headline: string;
  about: string;
  phone: string;
  email: string;
  socialLabel: string;
  socialUrl: string;
  towns: string;
  googleReviewUrl: string;
} & Record<RuleKey, string>;

type RuleKey = keyof SiteConfig['bookingRules'];

/** The booking rules' fields, in the order shown, with the owner's words for them. */
const RULES: ReadonlyArray<{ key: RuleKey; label: string; saved: string }> = [
  { key: 'noticeHours', label: 'Notice before a booking (hours)', saved: 'notice' },
  { key: 'travelBufferMinutes', label: 'Travel buffer between visits (minutes)', saved: 'travel buffer' },
  { key: 'holdDays', label: 'An unconfirmed request holds its time for (days)', saved: 'hold' },
  { key: 'cutoffHours', label: 'Customers may change a visit until (hours before)', saved: 'change cutoff' },
  {
    key: 'reviewDelayHours',
    label: 'Ask for a review (hours after the visit)',
    saved: 'review request delay',
  },
];

// Blank or not a number stays NaN, so the shared schema names the field instead of sending a made-up 0.
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

const draftOf = (site: SiteConfig): Draft => ({
  businessName: site.businessName,
  tagline: site.tagline,
  headline: site.headline,
  about: site.about,
  phone: site.phone,
  email: site.email,
  socialLabel: site.social.label,
  socialUrl: site.social.url,
  towns: site.towns.join('\n'),
  googleReviewUrl: site.googleReviewUrl,
  ...(Object.fromEntries(RULES.map(({ key }) => [key, String(site.bookingRules[key])])) as Record<
    RuleKey,
    string
  >),
});

const LABELS: Record<Exclude<keyof SiteSettingsInput, 'bookingRules'>, string> = {
  businessName: 'business name',
  tagline: 'tagline',
  headline: 'headline',
  about: 'about',
  phone: 'phone',
  email: 'e-mail',
  address: 'address',
  social: 'social link',
  towns: 'towns',
  mapCenter: 'map center',
  googleReviewUrl: 'Google review link',
};

/** What a save changed, in the owner's words: each field, and each booking rule by itself. */
function changedNames(changes: SiteSettingsInput, site: SiteConfig): string[] {
  return (Object.keys(changes) as Array<keyof SiteSettingsInput>).flatMap((name) =>
    name === 'bookingRules'
      ? RULES.filter(({ key }) => changes.bookingRules?.[key] !== site.bookingRules[key]).map((r) => r.saved)
      : [LABELS[name]],
  );
}

/** Only what the owner changed, in the API's shape (a partial document replaces just those fields). */
function changesOf(draft: Draft, site: SiteConfig): SiteSettingsInput {
  const changes: SiteSettingsInput = {};
  for (const key of ['businessName', 'tagline', 'headline', 'about', 'phone', 'email'] as const) {
    if (draft[key].trim() !== site[key]) changes[key] = draft[key];
  }
  if (draft.socialLabel.trim() !== site.social.label || draft.socialUrl.trim() !== site.social.url) {
    changes.social = { label: draft.socialLabel, url: draft.socialUrl };
  }
  const towns = draft.towns
    .split('\n')
    .map((t) => t.trim())
    .filter(Boolean);
  if (towns.join('\n') !== site.towns.join('\n')) changes.towns = towns;
  if (draft.googleReviewUrl.trim() !== site.googleReviewUrl)
    changes.googleReviewUrl = draft.googleReviewUrl.trim();
  // The rules travel as one field (a top-level field is replaced whole), sent when any of them changed.
  const rules = Object.fromEntries(RULES.map(({ key }) => [key, toNumber(draft[key])])) as Record<
    RuleKey,
    number
  >;
  if (RULES.some(({ key }) => rules[key] !== site.bookingRules[key])) changes.bookingRules = rules;
  return changes;
}

/**
 * Site (hub): the business facts every public page, the JSON-LD and the mails show. Saving sends only what changed,
 * checked with the server's own rules first; every page shows the new facts at once.
 */
export function SiteSection() {
  const headingId = useId();
  const status = useSaveStatus();
  const { data: site } = useQuery(siteConfigQueryOptions);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Site
      </h2>
      {site ? (
        // Keyed by the saved facts: a save (or another device's, on refetch) starts the draft afresh.
        <SiteForm key={JSON.stringify(site)} site={site} headingId={headingId} status={status} />
      ) : (
        <p role="status">Loading the site’s details…</p>
      )}
      <SaveStatus state={status} />
    </section>
  );
}

function SiteForm({
  site,
  headingId,
  status,
}: {
  site: SiteConfig;
  headingId: string;
  status: SaveStatusState;
}) {
  const save = useSaveSiteSettings();
  const [draft, setDraft] = useState(() => draftOf(site));
  const bind = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const changes = changesOf(draft, site);
    const names = changedNames(changes, site);
    if (names.length === 0) return status.show({ tone: 'success', text: 'Nothing has changed.' });
    const checked = siteSettingsInput.safeParse(changes);
    if (!checked.success) {
      return status.show({
        tone: 'error',
        text: checked.error.issues[0]?.message ?? 'Please check the form.',
      });
    }
    await status.attempt(
      async () => {
        await save.mutateAsync(changes);
        // When, in the business's zone like every time the hub shows.
        const at = formatDateTime(new Date(), site.timezone);
        return `Saved ${at}: ${names.join(', ')}. Every page shows it now.`;
      },
      (err) => errorMessage(err, 'The changes could not be saved.'),
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Business name" required {...bind('businessName')} />
        <TextField label="Tagline" required {...bind('tagline')} />
      </div>
      <TextField label="Headline" required {...bind('headline')} />
      <TextAreaField label="About" rows={4} required {...bind('about')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Phone" type="tel" inputMode="tel" required {...bind('phone')} />
        <TextField label="E-mail" type="email" required {...bind('email')} />
        <TextField label="Social link label" {...bind('socialLabel')} />
        <TextField label="Social link" type="url" inputMode="url" {...bind('socialUrl')} />
      </div>
      <TextAreaField label="Towns served" hint="One per line." rows={5} {...bind('towns')} />
      <TextField
        label="Google review link"
        hint="Sent to customers after a visit. Leave empty for none."
        type="url"
        inputMode="url"
        {...bind('googleReviewUrl')}
      />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-brand-950">Online booking</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          {RULES.map(({ key, label }) => (
            <TextField key={key} label={label} type="text" inputMode="numeric" required {...bind(key)} />
          ))}
        </div>
      </fieldset>
      <SubmitButton busy={save.isPending} busyLabel="Saving…" label="Save" />
    </form>
  );
}
