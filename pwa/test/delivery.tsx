import OutboxDelivery from '../app/layout/outbox-delivery';
import { OutboxNotices } from '../app/layout/outbox-notices';

/**
 * What the app's layout runs beside every screen: delivery (at start, online, visible) and what
 * the reader is told about it (failure toast, sign-in prompt). The cache's reactions come with
 * renderWithProviders, as the app registers them at start-up.
 */
export function Delivery() {
  return (
    <>
      <OutboxDelivery />
      <OutboxNotices />
    </>
  );
}

/** The layout's notices alone (mounted from the first paint, before delivery loads). */
export { OutboxNotices as Notices } from '../app/layout/outbox-notices';
