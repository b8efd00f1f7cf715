import { useSiteConfig } from '../../lib/site-config';
import { InlineLoading } from '../../lib/ui/Loading';
import { Card, Page } from '../../lib/ui/Page';
import { usePageMeta } from '../../lib/usePageMeta';
import { useContactStatus } from '../contact-status/api';
import { BookingForm } from './BookingForm';
import { ClosedUntilNotice } from './ClosedUntilNotice';
import { WorkRequestEmbed } from './WorkRequestEmbed';

export function ContactPage() {
  usePageMeta('Contact Us', 'Request a booking or ask a question — we’ll get back to you soon.');
  const { phone, email, workRequest } = useSiteConfig();
  const status = useContactStatus();
  // If the switch cannot be read, offer the form: the server still refuses it while closed.
  const closed = status.data?.is_open === false;
  const telHref = `tel:${phone.replace(/[^\d+]/g, '')}`;

  return (
    <Page
      title="Contact Us"
      intro={
        closed
          ? undefined
          : 'Tell us a little about your home or office and we’ll get back to you to set up your in-home consultation.'
      }
    >
      {status.isPending ? (
        <InlineLoading />
      ) : closed ? (
        <Card className="max-w-2xl">
          <div role="status">
            <h2 className="text-xl font-semibold text-brand-900">
              We’re not taking online requests right now
            </h2>
            <p className="mt-3 leading-relaxed text-stone-700">
              Our schedule is full at the moment, so online booking is paused. We’d still love to hear from
              you — please call us at{' '}
              <a href={telHref} className="font-semibold text-brand-800 underline underline-offset-4">
                {phone}
              </a>{' '}
              or e-mail{' '}
              <a
                href={`mailto:${email}`}
                className="font-semibold text-brand-800 [overflow-wrap:anywhere] underline underline-offset-4"
              >
                {email}
              </a>
              .
            </p>
            <ClosedUntilNotice status={status.data} />
          </div>
        </Card>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <Card>
            <h2 className="mb-5 text-xl font-semibold text-brand-900">Request a booking</h2>
            <BookingForm />
          </Card>
          <aside className="space-y-4 text-stone-700">
            <h2 className="text-lg font-semibold text-brand-900">Prefer to talk?</h2>
            <p>
              Call or text{' '}
              <a href={telHref} className="font-semibold text-brand-800 underline underline-offset-4">
                {phone}
              </a>
              , or e-mail{' '}
              <a
                href={`mailto:${email}`}
                className="font-semibold text-brand-800 [overflow-wrap:anywhere] underline underline-offset-4"
              >
                {email}
              </a>
              .
            </p>
            <p>
              Every booking starts with a free in-home consultation, so we can quote exactly what you need.
            </p>
          </aside>
          {workRequest && (
            <section className="lg:col-span-2" aria-labelledby="work-request-heading">
              <h2 id="work-request-heading" className="text-xl font-semibold text-brand-900">
                Or use our work-request form
              </h2>
              <div className="mt-4">
                <WorkRequestEmbed embed={workRequest} />
              </div>
            </section>
          )}
        </div>
      )}
    </Page>
  );
}
