import {
  type CustomerConfirmView,
  type CustomerLinkView,
  type CustomerRescheduleView,
  type CustomerVisitView,
  formatMoney,
  visitAnchor,
} from '@clean/shared';
import { Alert } from '../../lib/ui/Alert';
import { buttonClass } from '../../lib/ui/Button';
import { cx } from '../../lib/ui/cx';
import { DayTimes } from '../../lib/ui/DayTimes';
import { Card, Page } from '../../lib/ui/Page';

/**
 * A customer's own page (`/visit/{token}`, docs/product.md#the-customers-link): their upcoming visits and, until the
 * owner's cutoff, a button for each change. Rendered on the server from the view it is given and sent without script:
 * every action is a plain form post (or a link, for the open times), answered with a redirect back here and a notice.
 */
export function CustomerLinkPage({ view }: { view: CustomerLinkView }) {
  const name = view.customerName.trim().split(/\s+/)[0];
  return (
    <Page
      title="Your visits"
      intro={
        <>
          {name ? `Hello ${name}. ` : ''}Your cleanings with {view.businessName} in the next {view.weeks}{' '}
          weeks. Times are {view.timeZoneName}.
        </>
      }
    >
      <div className="max-w-3xl space-y-6">
        {view.confirm && <ConfirmStep confirm={view.confirm} base={view.base} />}
        {view.notice && <Alert tone={view.notice.tone}>{view.notice.text}</Alert>}
        <p className="text-sm leading-relaxed text-stone-700">
          You can {actionsText(view.visits)} a visit here up to {view.cutoffHours} hours before it starts, and
          undo {undoText(view.visits)} until then. After that, please call us at{' '}
          <a href={view.telHref} className="font-semibold text-brand-800 underline underline-offset-4">
            {view.phone}
          </a>
          .
        </p>
        {view.visits.length === 0 ? (
          <Card>
            <p className="text-stone-700">
              No visits are booked in the next {view.weeks} weeks. To book one, call us at{' '}
              <a href={view.telHref} className="font-semibold text-brand-800 underline underline-offset-4">
                {view.phone}
              </a>
              .
            </p>
          </Card>
        ) : (
          <ul className="space-y-4">
            {view.visits.map((visit) => (
              <li key={visit.key} id={visitAnchor(visit.key)} className="scroll-mt-4">
                <VisitCard
                  visit={visit}
                  view={view}
                  times={view.reschedule?.key === visit.key ? view.reschedule : null}
                />
              </li>
            ))}
          </ul>
        )}
        {view.invoices.length > 0 && <Invoices view={view} />}
      </div>
    </Page>
  );
}

const INVOICE_STATUS_TEXT = {
  open: '',
  partially_paid: 'Partly paid · ',
  paid: 'Paid',
  void: 'Void',
} as const;

/** "Nov 28, 2026" from a business date: the page reads dates the way the visits above them do. */
const issueDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** Their invoices: number, date, total, what is still due, and the PDF (served under this link only). */
function Invoices({ view }: { view: CustomerLinkView }) {
  return (
    <section aria-labelledby="your-invoices" className="space-y-3">
      <h2 id="your-invoices" className="text-xl font-semibold text-brand-950">
        Your invoices
      </h2>
      <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {view.invoices.map((invoice) => (
          <li
            key={invoice.number}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
          >
            <a href={invoice.pdf} className="font-semibold text-brand-800 underline underline-offset-4">
              Invoice {invoice.number}
            </a>
            <span className="tabular-nums">
              {issueDate(invoice.issuedOn)} · Total {formatMoney(invoice.total)} ·{' '}
              {INVOICE_STATUS_TEXT[invoice.status]}
              {invoice.amountDue > 0 ? `${formatMoney(invoice.amountDue)} still due` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Only the actions the listed visits have: a schedule's visit is moved or skipped, a one-time one moved or cancelled. */
function actionsText(visits: CustomerVisitView[]): string {
  const recurring = visits.some((v) => v.kind === 'recurring');
  const oneTime = visits.some((v) => v.kind === 'one_time');
  if (recurring && oneTime) return 'move or skip a regular visit, or move or cancel a one-time';
  return recurring ? 'move or skip' : 'move or cancel';
}

/** What the listed visits' changes can undo: a schedule's visits are skipped, one-time ones cancelled. */
function undoText(visits: CustomerVisitView[]): string {
  const recurring = visits.some((v) => v.kind === 'recurring');
  const oneTime = visits.some((v) => v.kind === 'one_time');
  if (recurring && oneTime) return 'a skip or a cancel';
  return recurring ? 'a skip' : 'a cancel';
}

/** The second step of a skip or cancel: the question, a Yes that posts confirm=1, and a way back. */
function ConfirmStep({ confirm, base }: { confirm: CustomerConfirmView; base: string }) {
  return (
    <section id="confirm" aria-labelledby="confirm-question">
      <Card>
        <h2 id="confirm-question" className="text-lg font-semibold text-stone-900">
          {confirm.question}
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <form method="post" action={`${base}/visits/${encodeURIComponent(confirm.key)}/${confirm.action}`}>
            <input type="hidden" name="version" value={confirm.version} />
            <input type="hidden" name="confirm" value="1" />
            <button type="submit" className={buttonClass()}>
              {confirm.action === 'skip' ? 'Yes, skip it' : 'Yes, cancel it'}
            </button>
          </form>
          <a href={`${base}#${visitAnchor(confirm.key)}`} className={buttonClass('secondary')}>
            No, keep it
          </a>
        </div>
      </Card>
    </section>
  );
}

const STATUS_TEXT = { cancelled: 'Cancelled', skipped: 'Skipped' } as const;

function VisitCard({
  visit,
  view,
  times,
}: {
  visit: CustomerVisitView;
  view: CustomerLinkView;
  times: CustomerRescheduleView | null;
}) {
  const action = (what: string) => `${view.base}/visits/${encodeURIComponent(visit.key)}/${what}`;
  // The question is answered at the page's top: the post lands there, not wherever the button was.
  const ask = (what: string) => `${action(what)}#confirm`;
  const off = visit.status !== 'planned';
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className={cx('text-lg font-semibold text-brand-950', off && 'text-stone-500 line-through')}>
          {visit.when}
        </h2>
        {off && (
          <span className="rounded-full bg-stone-100 px-3 py-1 text-sm font-medium text-stone-700">
            {STATUS_TEXT[visit.status as keyof typeof STATUS_TEXT]}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {visit.kind === 'recurring'
          ? `Regular cleaning${visit.frequency ? ` (${visit.frequency.toLowerCase()})` : ''}`
          : 'One-time cleaning'}{' '}
        · about {visit.length}
        {visit.town ? ` · ${visit.town}` : ''}
        {visit.moved ? ' · moved from its usual time' : ''}
      </p>
      {!off && visit.changeable && !times && (
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href={`${view.base}?reschedule=${encodeURIComponent(visit.key)}#times`}
            className={buttonClass()}
          >
            Move to another time
          </a>
          {visit.kind === 'recurring' ? (
            <form method="post" action={ask('skip')}>
              <input type="hidden" name="version" value={visit.version} />
              <button type="submit" className={buttonClass('secondary')}>
                Skip this visit
              </button>
            </form>
          ) : (
            <form method="post" action={ask('cancel')}>
              <input type="hidden" name="version" value={visit.version} />
              <button type="submit" className={buttonClass('secondary')}>
                Cancel this visit
              </button>
            </form>
          )}
        </div>
      )}
      {off && visit.changeable && (
        <form method="post" action={action('undo')} className="mt-4">
          <input type="hidden" name="version" value={visit.version} />
          <button type="submit" className={buttonClass('secondary')}>
            {visit.status === 'skipped' ? 'Undo the skip' : 'Undo the cancel'}
          </button>
        </form>
      )}
      {!visit.changeable && (
        <p className="mt-3 text-sm text-stone-700">
          Less than {view.cutoffHours} hours to go: to change this visit, please call us at{' '}
          <a href={view.telHref} className="font-semibold text-brand-800 underline underline-offset-4">
            {view.phone}
          </a>
          .
        </p>
      )}
      {times && <TimesForm times={times} action={action('reschedule')} back={view.base} />}
    </Card>
  );
}

/** The open times for this visit by day (each a <details>, so three weeks stay short on a phone), and Move. */
function TimesForm({ times, action, back }: { times: CustomerRescheduleView; action: string; back: string }) {
  return (
    <form id="times" method="post" action={action} className="mt-4">
      <input type="hidden" name="version" value={times.version} />
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Pick a new time</legend>
        <p className="mt-1 text-xs text-stone-600">
          {times.days.length
            ? 'The open times of the next three weeks for a visit this long.'
            : 'No open times in the next three weeks. Please call us to find one.'}
        </p>
        <div className="mt-2 space-y-2">
          {times.days.map((day, i) => (
            <DayTimes
              key={day.label}
              day={day}
              open={i === 0}
              input={() => ({ name: 'start', required: true })}
            />
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap gap-3">
        {times.days.length > 0 && (
          <button type="submit" className={buttonClass()}>
            Move my visit
          </button>
        )}
        <a href={back} className={buttonClass('ghost')}>
          Keep the current time
        </a>
      </div>
    </form>
  );
}

/** The page instead of a customer's visits: a link that does not work (404) or has ended (410), or a refused post. */
export function LinkProblemPage({ title, text }: { title: string; text: string }) {
  return (
    <Page title={title} intro={text}>
      <a href="/" className={buttonClass('secondary')}>
        Back to Home
      </a>
    </Page>
  );
}
