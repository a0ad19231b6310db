// The newsletter's words and icon on the desk, shared by the list, the form and the send's own
// chunk (newsletter-send.tsx).
// The icon is the desk's own (Mails): an icon a reader's page also uses (the newsletter form's
// Mail, the comments' Send) becomes a chunk of its own, one file more in that page's first load.
import { Mails } from 'lucide-react';

export const SEND_AS_NEWSLETTER = 'Send as newsletter';
/** The same action once the post has gone out: a post goes out once unless sent again (docs/product.md#newsletter). */
export const SEND_AGAIN = 'Send again';
/** Under a send's button while the device is offline: sending is online only. */
export const SENDING_OFFLINE = "You're offline. Connect to send the newsletter.";

export function NewsletterIcon() {
  return <Mails aria-hidden="true" className="size-4" />;
}

