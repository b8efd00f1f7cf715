/**
 * The home's address as people read it, without Zod (public pages import it): the hub, the mails, the `.ics`
 * files and the feed all write it the same way, "12 Oak St, Bristol, CT 06010".
 */
import { OTHER_TOWN } from './plain';

export type AddressParts = {
  street_address: string | null;
  town: string | null;
  zip: string | null;
};

/** What the hub shows for an inquiry from before addresses were asked. */
export const NO_ADDRESS = 'no address yet';

/**
 * Street, town and "region zip", the parts there are; null without a street (a town alone does not find a home).
 * "Other" is the booking form's "not in the list", not a town.
 */
export function formatAddress(parts: AddressParts, region: string): string | null {
  if (!parts.street_address) return null;
  const town = parts.town && parts.town !== OTHER_TOWN ? parts.town : null;
  const tail = [region, parts.zip].filter(Boolean).join(' ');
  return [parts.street_address, town, tail].filter(Boolean).join(', ');
}

/** The address, or the town as before, for a line that always had one ("Where:", an `.ics` LOCATION). */
export const addressOrTown = (parts: AddressParts, region: string): string | null =>
  formatAddress(parts, region) ?? parts.town;

/** A map search for the address: only a link the owner opens, never fetched by the hub. */
export const mapLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
