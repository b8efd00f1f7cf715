import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type InquiryStatus,
  type Pricing,
  pricingSchema,
  type ReviewStatus,
  toInstant,
  toWallTime,
} from '@clean/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from './client';
import demoContent from './demo-content.json' with { type: 'json' };
import {
  galleryPhotos,
  inquiries,
  oneTimeCleanings,
  ownerSettings,
  packages,
  photoVariants,
  recurringPaid,
  recurringPaidDates,
  recurringPayments,
  reminderOptOuts,
  reviewRequests,
  reviews,
  visitExceptions,
} from './schema';

const DAY = 24 * 60 * 60 * 1000;

/** A moment of the demo, relative to today: `day` days from today (negative: past), `hour` o'clock. */
type When = { day: number; hour?: number };

/**
 * The demo rows, as data (demo-content.json): images by file name, moments relative to today, and references
 * to the inquiry or schedule by position. The enum-like fields are checked by the database's enums.
 */
type DemoContent = {
  packages: Array<{ title: string; amount: number; image: string; description: string }>;
  /** The price table (PUT /api/pricing's document), its packages named by position. */
  pricing: Omit<Pricing, 'packages'> & { packages: Array<{ package: number; base_minutes: number }> };
  photos: Array<{ image: string; caption: string | null; category: string; photoType: string | null }>;
  reviews: Array<
    {
      reviewerName: string;
      rating: number;
      comment: string;
      photo: string | null;
      status: ReviewStatus;
    } & When
  >;
  inquiries: Array<
    {
      name: string;
      email: string;
      phoneNumber: string | null;
      callOrText: 'call' | 'text';
      town: string;
      description: string;
      status: InquiryStatus;
      /** "How did you hear about us?" (HEARD_FROM); absent: not said. */
      heardFrom?: string;
    } & When
  >;
  cleanings: Array<{ inquiry: number; amount: number; paid: boolean; notes: string | null } & When>;
  schedules: Array<{
    inquiry: number;
    amount: number;
    frequency: string;
    notes: string | null;
    /** The first visit (with a recognised frequency: visits on the Agenda from the install on). */
    firstVisit: When | null;
    durationMinutes: number | null;
    paid: Array<{ amountPaid: number; notes: string | null; dates: When[] } & When>;
  }>;
};
const demo = demoContent as DemoContent;

/**
 * The demo pictures as uploaded photos: the encodings the upload pipeline made of each (scripts/demo-photos.ts,
 * run by `npm run demo-images`), shipped beside this module (copied into dist by build.ts) and listed in its
 * manifest by picture name.
 */
const DEMO_PHOTOS = path.join(import.meta.dirname, 'demo-photos');
type DemoPhotos = Record<
  string,
  {
    imageUrl: string;
    original: string;
    variants: Array<{ file: string; hash: string; contentType: string; width: number; height: number }>;
  }
>;

/** The owner-settings key under which the loader keeps the ids of what it loaded. */
export const DEMO_RECORDS_KEY = 'demo_content';
export type DemoRecords = { packages: number[]; gallery: number[]; reviews: number[]; inquiries: number[] };

/** Loads demo content into an empty database (no packages and no inquiries yet). Images ship with the web app. */
export async function loadDemoContent(db: Db, config: Pick<Config, 'publicUrl' | 'timezone'>) {
  if ((await db.$count(packages)) + (await db.$count(inquiries)) > 0) return false;
  /** `hour` o'clock (10 unless given), business time, `day` days from today. */
  const at = ({ day, hour = 10 }: When) => {
    const date = toWallTime(new Date(Date.now() + day * DAY).toISOString(), config.timezone).slice(0, 10);
    return toInstant(`${date}T${String(hour).padStart(2, '0')}:00`, config.timezone);
  };
  // Uploaded photos, served by this site at /media/… (site-relative: the same rows work on any host name), so a
  // new install shows the real pipeline: <picture> with AVIF and WebP at each width.
  const photos = JSON.parse(readFileSync(path.join(DEMO_PHOTOS, 'manifest.json'), 'utf8')) as DemoPhotos;
  const img = (name: string) => {
    const photo = photos[name];
    if (!photo) throw new Error(`demo picture ${name} is not in demo-photos/manifest.json`);
    return photo.imageUrl;
  };
  const idOf = (rows: Array<{ id: number }>, index: number) => rows[index]?.id ?? 0;
  const used = new Set([
    ...demo.packages.map((p) => p.image),
    ...demo.photos.map((p) => p.image),
    ...demo.reviews.flatMap((r) => (r.photo ? [r.photo] : [])),
  ]);
  const variants = [...used].flatMap((name) => {
    const { original, variants } = photos[name] ?? { original: '', variants: [] };
    return variants.map(({ file, ...v }) => ({
      ...v,
      original,
      bytes: readFileSync(path.join(DEMO_PHOTOS, file)),
    }));
  });

  await db.transaction(async (tx) => {
    // An identical photo uploaded before already has them.
    await tx.insert(photoVariants).values(variants).onConflictDoNothing();
    const pkgs = await tx
      .insert(packages)
      .values(demo.packages.map(({ image, ...p }) => ({ ...p, imageUrl: img(image) })))
      .returning({ id: packages.id });
    const pricing: Pricing = {
      ...demo.pricing,
      packages: demo.pricing.packages.map((p) => ({
        package_id: idOf(pkgs, p.package),
        base_minutes: p.base_minutes,
      })),
    };
    // The pricing feature's key (features/pricing/store.ts); a table the owner already set is kept.
    await tx
      .insert(ownerSettings)
      .values({ key: 'pricing', value: pricingSchema.parse(pricing) })
      .onConflictDoNothing();
    const gallery = await tx
      .insert(galleryPhotos)
      .values(demo.photos.map(({ image, ...p }) => ({ ...p, imageUrl: img(image) })))
      .returning({ id: galleryPhotos.id });
    const revs = await tx
      .insert(reviews)
      .values(
        demo.reviews.map(({ photo, day, ...r }) => ({
          ...r,
          photoUrl: photo ? img(photo) : null,
          createdAt: at({ day }),
        })),
      )
      .returning({ id: reviews.id });
    const inq = await tx
      .insert(inquiries)
      .values(demo.inquiries.map(({ day, ...i }) => ({ ...i, submittedAt: at({ day }) })))
      .returning({ id: inquiries.id, email: inquiries.email });
    // Demo customers are made up (example.com): no reminders or review requests to them, ever.
    await tx.insert(reminderOptOuts).values(inq.map((i) => ({ inquiryId: i.id })));
    const now = new Date();
    const mailed = inq.flatMap((i) => (i.email ? [{ id: i.id, email: i.email }] : []));
    if (mailed.length)
      await tx
        .insert(reviewRequests)
        .values(
          mailed.map((i) => ({
            customer: i.email.trim().toLowerCase(),
            inquiryId: i.id,
            visitKey: 'demo',
            requestedAt: now,
            dueAt: now,
            enqueuedAt: now,
            optedOutAt: now,
          })),
        )
        .onConflictDoNothing();
    await tx.insert(oneTimeCleanings).values(
      demo.cleanings.map(({ inquiry, day, hour, ...c }) => ({
        ...c,
        inquiryId: idOf(inq, inquiry),
        dateTime: at({ day, hour }),
      })),
    );

    const schedules = await tx
      .insert(recurringPayments)
      .values(
        demo.schedules.map(({ inquiry, paid, firstVisit, ...s }) => ({
          ...s,
          inquiryId: idOf(inq, inquiry),
          firstVisitAt: firstVisit ? at(firstVisit) : null,
        })),
      )
      .returning({ id: recurringPayments.id });
    const records = demo.schedules.flatMap((s, i) => s.paid.map((p) => ({ ...p, schedule: i })));
    const paid = await tx
      .insert(recurringPaid)
      .values(
        records.map(({ schedule, day, dates, ...p }) => ({
          ...p,
          recurringPaymentId: idOf(schedules, schedule),
          submittedAt: at({ day }),
        })),
      )
      .returning({ id: recurringPaid.id });
    await tx
      .insert(recurringPaidDates)
      .values(
        records.flatMap((r, i) =>
          r.dates.map((when) => ({ recurringPaidId: idOf(paid, i), dateTime: at(when) })),
        ),
      );
    // Each demo paid record covers one visit of its schedule: that visit is done and paid, as Done & paid leaves
    // it, so the Agenda shows it once (by its paid record) and not also as a visit still to do.
    const paidVisits = records.flatMap((r, i) =>
      r.dates.length === 1 && r.dates[0]
        ? [
            {
              recurringPaymentId: idOf(schedules, r.schedule),
              originalStart: at(r.dates[0]),
              status: 'done' as const,
              recurringPaidId: idOf(paid, i),
            },
          ]
        : [],
    );
    if (paidVisits.length > 0) await tx.insert(visitExceptions).values(paidVisits);
    // What was loaded, so the owner can remove it in one tap (features/demo-content).
    const loaded: DemoRecords = {
      packages: pkgs.map((r) => r.id),
      gallery: gallery.map((r) => r.id),
      reviews: revs.map((r) => r.id),
      inquiries: inq.map((r) => r.id),
    };
    await tx.insert(ownerSettings).values({ key: DEMO_RECORDS_KEY, value: loaded }).onConflictDoNothing();
  });
  return true;
}

/** An absolute link to a shipped demo image on this app's own host (as older versions stored them). */
const OWN_DEMO_LINK = String.raw`^https?://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]+)?(/demo/[A-Za-z0-9._-]+)$`;
/** A shipped demo image as older versions stored it: the SVG source instead of its raster (scripts/demo-images.ts). */
const DEMO_SVG = String.raw`^/demo/([A-Za-z0-9_-]+)\.svg$`;

/**
 * Brings demo-image links stored by older versions up to date, so they load on any host name and draw cheaply:
 * absolute links (`http://localhost:3000/demo/x.svg`, or under PUBLIC_URL) become `/demo/x.svg`, and
 * `/demo/x.svg` becomes `/demo/x.webp`. Idempotent: run at every start; a second run matches nothing.
 * Not a migration on purpose: PUBLIC_URL is configuration, which migrations cannot see.
 */
export async function updateDemoLinks(db: Db, publicUrl: string) {
  const own = `${publicUrl}/demo/`;
  for (const [table, column] of [
    ['packages', 'image_url'],
    ['gallery_photos', 'image_url'],
    ['reviews', 'photo_url'],
  ] as const) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    await db.execute(sql`
      update ${t} set ${c} = case
          when starts_with(${c}, ${own}) then '/demo/' || substr(${c}, ${own.length + 1})
          else regexp_replace(${c}, ${OWN_DEMO_LINK}, ${'\\3'})
        end
      where starts_with(${c}, ${own}) or ${c} ~ ${OWN_DEMO_LINK}`);
    await db.execute(sql`
      update ${t} set ${c} = regexp_replace(${c}, ${DEMO_SVG}, ${'/demo/\\1.webp'})
      where ${c} ~ ${DEMO_SVG}`);
  }
}
