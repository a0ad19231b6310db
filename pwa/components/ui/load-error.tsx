import { AlertCircle } from 'lucide-react';

/** A read that failed (not for want of a connection: see NeedsConnection): the product's (docs/product.md) message and "Try again". */
export function LoadError({ message, onRetry, retrying = false, className = '' }: { message: string; onRetry: () => void; retrying?: boolean; className?: string }) {
  return (
    <div role="alert" className={`alert alert-error alert-soft flex flex-wrap ${className}`}>
      <AlertCircle aria-hidden="true" className="size-5" />
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        Try again
      </button>
    </div>
  );
}
