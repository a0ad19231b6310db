/**
 * Resolves `delayMs` after the browser says it is online: counted from now when it already says
 * so, else from its next 'online' event. For trying once more what failed on a dropped signal.
 */
export function backOnline(delayMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, delayMs);
    if (navigator.onLine) later();
    else window.addEventListener('online', later, { once: true });
  });
}
