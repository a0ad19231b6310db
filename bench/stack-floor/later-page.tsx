/** The floor app's lazy route (main.tsx): a route's own chunk, not part of the first load. */
export function Component() {
  return <p>Blog</p>;
}
