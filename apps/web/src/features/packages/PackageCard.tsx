import { formatMoney, type Package } from '@clean/shared';
import { Link, type To } from 'react-router';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { TileImage } from '../../lib/ui/PhotoTile';

type Props = {
  pkg: Package;
  /** Its place in the list: the first few photos load at once, the rest when scrolled to. */
  index: number;
  /** The owner's Edit and Delete buttons, when signed in. */
  admin: { onEdit: () => void; onDelete: () => void; deleting: boolean } | null;
  /** The page with this package's details open. */
  to: To;
};

/** One package in the list: photo, title and starting price; opens its details. */
export function PackageCard({ pkg, index, admin, to }: Props) {
  return (
    <li className="flex flex-col">
      <Link
        to={to}
        className="group flex flex-1 flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white text-left shadow-sm transition-shadow hover:shadow-md"
      >
        <TileImage
          frameClassName="overflow-hidden bg-brand-50"
          src={pkg.image_url}
          image={pkg.image}
          // One, two or three columns (PackagesPage's grid).
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          alt=""
          width={800}
          loading={index < 3 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
        />
        <span className="flex flex-1 flex-col gap-1 p-5">
          <span className="text-lg font-semibold text-brand-950">{pkg.title}</span>
          <span className="text-sm text-stone-700">From {formatMoney(pkg.amount)}</span>
          <span className="mt-2 text-sm font-semibold text-brand-800 group-hover:underline">See details</span>
        </span>
      </Link>
      {admin && (
        <EditDeleteButtons
          look="item"
          className="mt-2"
          subject={pkg.title}
          onEdit={admin.onEdit}
          onDelete={admin.onDelete}
          deleting={admin.deleting}
        />
      )}
    </li>
  );
}
