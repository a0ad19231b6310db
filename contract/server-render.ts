// Between the Koa app (api/middleware/server-render.ts) and the server renderer it loads from the
// server build (pwa/entry-server.tsx, built into dist/.server/entry-server.js).

export interface RenderRequest {
  /** The path and query asked for. */
  url: string;
  /** The site's address for canonical links and previews: PUBLIC_URL, or the request's origin. */
  siteUrl: string;
  /** Where the API answers this process: its own loopback address. */
  apiBase: string;
  /**
   * A DOM window for the Markdown sanitiser (DOMPurify), made by the server with jsdom: the
   * renderer is built to run without node_modules, and jsdom is not bundled.
   */
  domWindow: object;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The markup for #root. */
      appHtml: string;
      /** Title, description, canonical, Open Graph, Twitter card and JSON-LD tags. */
      headHtml: string;
      /** The JSON script with the page's state, or '' when the browser should render afresh (a 404). */
      stateHtml: string;
    };
