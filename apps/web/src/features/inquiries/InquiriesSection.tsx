import { DELAYS, INQUIRY_STATUSES, PAGE_SIZES } from '@clean/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Alert } from '../../lib/ui/Alert';
import { SelectField } from '../../lib/ui/FormFields';
import { Pagination, pageCountOf } from '../../lib/ui/Pagination';
import { TextField } from '../../lib/ui/TextField';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { type InquiryFilters, inquiriesPageQuery } from './api';
import { InquiryCard } from './InquiryCard';

/** Manage → Inquiries: three server-side searches, 6 cards a page. */
export function InquiriesSection() {
  const headingId = useId();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);

  const typed: InquiryFilters = { name: name.trim(), phone_number: phone.replace(/\D/g, ''), status };
  // Debounce the text (a stable string), not a fresh object each render.
  const filterKey = useDebouncedValue(JSON.stringify(typed), DELAYS.nameSearchDebounceMs);
  const filters = useMemo(() => JSON.parse(filterKey) as InquiryFilters, [filterKey]);
  // A new search starts at its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [filterKey]);

  const query = useQuery(inquiriesPageQuery(filters, page));
  const total = query.data?.total ?? 0;
  const pageCount = pageCountOf(total, PAGE_SIZES.inquiries);
  // Deleting the last card of the last page moves back a page.
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount]);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-brand-950">
        Inquiries
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search by Name"
          type="search"
          placeholder="Search by Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Search by Phone Number"
          type="search"
          inputMode="tel"
          placeholder="Phone Number"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <SelectField label="Search by Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All statuses</option>
          {INQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </div>

      {query.isError && <Alert tone="error">Failed to fetch inquiries.</Alert>}
      {query.isPending && (
        <p role="status" className="text-stone-600">
          Loading inquiries...
        </p>
      )}
      {query.data && (
        <>
          <p className="text-sm text-stone-600" aria-live="polite">
            {total === 0
              ? 'No inquiries match.'
              : `${total} ${total === 1 ? 'inquiry' : 'inquiries'}${query.isPlaceholderData ? ' — loading…' : ''}`}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {query.data.items.map((inquiry) => (
              <li key={inquiry.id} className="min-w-0">
                <InquiryCard inquiry={inquiry} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Inquiries pages" />
        </>
      )}
    </section>
  );
}
