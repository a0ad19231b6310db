import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';

/** The watch page's way back to the library (docs/product.md#watch-page). */
export function BackToVideos({ primary = false, className = '' }: { primary?: boolean; className?: string }) {
  return (
    <Link to="/videos" className={`btn ${primary ? 'btn-primary' : 'btn-ghost btn-sm'} ${className}`}>
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to Videos
    </Link>
  );
}
