import { useId, type FormEvent, type ReactNode, type Ref } from 'react';

/**
 * The card every desk form sits in (a post, a video, a devotional, a stream): its heading names the
 * section for screen readers, an optional line under it, Cancel when there is something to leave,
 * and the form, checked by the app (noValidate) so its messages are the contract's.
 */
export function DeskFormCard({
  heading,
  subheading,
  onCancel,
  formRef,
  onSubmit,
  children,
}: {
  heading: ReactNode;
  subheading?: ReactNode;
  onCancel?: (() => void) | undefined;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const headingId = `${useId()}-heading`;
  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="card-body gap-5 p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="card-title font-display text-2xl">
              {heading}
            </h2>
            {subheading}
          </div>
          {onCancel ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
        {children}
      </form>
    </section>
  );
}
