import { useQuery } from '@tanstack/react-query';
import { inquiryQueryOptions } from '../inquiries/api';

const term = 'font-semibold text-stone-600';

/**
 * What the customer wrote on their request ("one dog, side door code 1234"): the owner reads it on the visit, not
 * only in Manage. Read from the visit's inquiry; nothing shows when they wrote nothing.
 */
export function CustomerNotes({ inquiryId, name }: { inquiryId: number; name: string }) {
  const inquiry = useQuery(inquiryQueryOptions(inquiryId, name));
  const description = inquiry.data?.description;
  if (!description) return null;
  return (
    <>
      <dt className={term}>Customer’s notes</dt>
      <dd className="break-words whitespace-pre-line">{description}</dd>
    </>
  );
}
