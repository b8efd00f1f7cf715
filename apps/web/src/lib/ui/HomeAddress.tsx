import { type AddressParts, formatAddress, mapLink, NO_ADDRESS } from '@clean/shared';
import { useSiteConfig } from '../site-config';
import { ExternalLink } from './ExternalLink';

/**
 * The home's address for the owner, with a map search opening in a new tab (only a link: the hub fetches nothing
 * from the map's site); "no address yet" for an inquiry from before addresses were asked.
 */
export function HomeAddress({ parts }: { parts: AddressParts }) {
  const { address } = useSiteConfig();
  const text = formatAddress(parts, address.region);
  if (!text) return <span className="text-stone-600 italic">{NO_ADDRESS}</span>;
  return (
    <span className="break-words">
      {text}{' '}
      <ExternalLink href={mapLink(text)} className="whitespace-nowrap text-brand-700 underline">
        Map
      </ExternalLink>
    </span>
  );
}
