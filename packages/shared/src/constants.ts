/** Business constants and limits (docs/product.md#constants). */
export const SERVICE_RADIUS_MILES = 20;

export const TOWNS = [
  'Avon',
  'Bristol',
  'Canton',
  'Farmington',
  'Plainville',
  'New Britain',
  'Terryville',
  'Southington',
  'Wolcott',
  'Waterbury',
  'Middlebury',
  'Harwinton',
  'Thomaston',
  'West Hartford',
  'Simsbury',
  'Berlin',
  'Watertown',
] as const;
export type Town = (typeof TOWNS)[number];

export const CAROUSEL = {
  maxPhotos: 8,
  autoplayMs: 4000,
  speedMs: 2000,
  breakpoints: { 640: 2, 768: 3, 1024: 5 },
  slidesSmall: 1,
} as const;

export const PAGE_SIZES = {
  gallery: 12,
  reviews: 12,
  inquiries: 6,
  oneTimeCleanings: 5,
  recurringPayments: 5,
  recurringPaid: 5,
} as const;

/**
 * The largest gallery shuffle seed (`GET /api/gallery?seed=`): a visit's seed is drawn from 1…this, so it fits a
 * page address's number (numberParam).
 */
export const GALLERY_SEED_MAX = 999_999_999;

export const REVIEW_COMMENT_MAX = 500;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 1;

export const DELAYS = {
  signinCelebrationMs: 5000,
  resetRedirectMs: 2000,
  fallingEmojiMs: 3000,
  fallingEmojiCount: 20,
  nameSearchDebounceMs: 300,
} as const;

export const DISCOUNTS = [
  { label: '10% Off', factor: 0.9 },
  { label: '15% Off', factor: 0.85 },
  { label: '30% Off', factor: 0.7 },
] as const;

export const OLD_RECORD_DAYS = 90;
export const OLD_RECORDS_WARNING_ABOVE = 20;
export const CLEANUP_LEVELS = { greenBelow: 10, yellowBelow: 20 } as const;

export const INQUIRY_STATUSES = ['New Inquiry', 'Contacted', 'Booked', 'Paused', 'Completed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const DEFAULT_GALLERY_CATEGORY = 'Uncategorized';
/** Upload categories with their labels (docs/product.md#constants). */
export const GALLERY_CATEGORIES = [
  { value: 'Kitchen', label: 'Kitchen' },
  { value: 'Bathroom', label: 'Bathroom' },
  { value: 'Carpets', label: 'Carpet' },
  { value: 'Before/After', label: 'Before/After' },
  { value: 'MovingDay', label: 'Moving Day' },
  { value: 'Garage', label: 'Garage' },
  { value: 'Tile/Grout', label: 'Tile/Grout' },
  { value: 'Office', label: 'Office' },
] as const;

export const TOKEN_STORAGE_KEY = 'token';
export const ADMIN_USERNAME = 'admin';
export const DISPLAY_TIMEZONE = 'America/New_York';

/** How long a team member's invitation link works, once (docs/product.md#the-team). */
export const INVITATION_DAYS = 7;

/** Password rule enforced by the server on reset. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * Header carrying a paged list's total (`?page=&limit=`). It lives here, in a module without zod, so the
 * browser's API client (on every page's first load) does not pull the validation library in with it.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * A Manage list counts its matches up to this many: past it the total says COUNT_CAP and TOTAL_MORE_HEADER is
 * set ("1000+"), since counting every match of a common search over millions of rows takes seconds.
 */
export const COUNT_CAP = 1000;
export const TOTAL_MORE_HEADER = 'x-total-more';

/**
 * The agenda lists at most this many cleanings and this many paid dates a day (the first of the day); a busier
 * day is named in `truncated_days`. Ten years of a busy business put hundreds a day in the seed; a month cell
 * shows a few anyway, and ten of each is more than a full day of one cleaner's work. (20 took a month of that
 * seed to 31 ms p50 / 56 ms p95 on a shared machine, past the hub's 50 ms; 10 halves the rows it fetches.)
 */
export const AGENDA_DAY_LIMIT = 10;
