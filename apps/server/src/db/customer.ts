import { inquiries } from './schema';

/**
 * Who a visit or a held request is for: the inquiry's columns the Agenda shows with each (read joined to the
 * inquiry), shared by the visits' and the holds' reads.
 */
export const customerColumns = {
  inquiryId: inquiries.id,
  inquiryName: inquiries.name,
  phoneNumber: inquiries.phoneNumber,
  email: inquiries.email,
  callOrText: inquiries.callOrText,
  town: inquiries.town,
  streetAddress: inquiries.streetAddress,
  zip: inquiries.zip,
  accessNotes: inquiries.accessNotes,
};

export type Customer = {
  inquiryId: number;
  inquiryName: string;
  phoneNumber: string | null;
  email: string | null;
  callOrText: 'call' | 'text' | null;
  town: string | null;
  streetAddress: string | null;
  zip: string | null;
  /** The owner's private notes on getting in: owner's reads only. */
  accessNotes: string | null;
};
