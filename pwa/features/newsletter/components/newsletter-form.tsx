import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { useToast } from '#pwa/components/ui/toast';
import { NetworkError, serverMessageOf } from '#pwa/lib/api-client';
import { serverFieldErrors } from '#pwa/lib/form-errors';
import { useSubscribe } from '../api/subscribe';

/**
 * 'Stay Updated': one email field. The browser's own validation (required, type=email) keeps an
 * empty or malformed address from being sent; the server's message explains anything else.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  // After a subscribe, the address still has to be confirmed from the mail (docs/product.md#newsletter).
  const [sent, setSent] = useState(false);
  const { toast } = useToast();
  const subscription = useSubscribe();
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscription.isPending) return;
    const address = email.trim();
    if (!address) return;
    subscription.mutate(
      { email: address },
      {
        onSuccess: () => {
          toast({ title: 'Success!', description: "You've been subscribed to our newsletter." });
          setEmail('');
          setSent(true);
        },
        onError: (error) => {
          // The server's words about the address, without the field's name it puts before them for other clients.
          const aboutEmail = serverFieldErrors(error, ['email'] as const).fields.email;
          const description = error instanceof NetworkError ? 'Failed to subscribe. Please try again.' : (aboutEmail ?? serverMessageOf(error) ?? 'Failed to subscribe');
          toast({ title: 'Error', description, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="render-when-near rounded-box bg-primary px-6 py-10 text-primary-content sm:px-10">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <Mail aria-hidden="true" className="size-8 opacity-90" />
        <h2 id={`${id}-heading`} className="font-display text-2xl font-bold sm:text-3xl">
          Stay Updated
        </h2>
        <p className="opacity-90">New teaching videos, articles and devotionals in your inbox.</p>
        <form onSubmit={submit} className="mt-3 flex w-full flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5 text-left">
            <label htmlFor={`${id}-email`} className="text-sm font-medium">
              Email address
            </label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="input w-full text-base-content"
            />
          </div>
          <button type="submit" className="btn btn-secondary" disabled={subscription.isPending}>
            {subscription.isPending ? 'Subscribing…' : 'Subscribe'}
          </button>
        </form>
        <p role="status" className="min-h-6 text-sm opacity-90">
          {sent ? 'Check your inbox to confirm.' : ''}
        </p>
      </div>
    </section>
  );
}
