// What the sections of the bench share: the temp folder, the database dialect, the processes'
// peak memory, and the figures that go into the summary at the end.
/** The database the bench runs on: SQLite temp files, or PostgreSQL when DATABASE_URL says so. */
export type Dialect = 'sqlite' | 'pg';

export interface SummaryFigure {
  section: string;
  label: string;
  value: string;
  /** e.g. "target 0.5 met" / "below target"; empty when a figure has no target. */
  verdict?: string;
}

export interface BenchContext {
  /** A temp folder of this run, removed at exit. */
  tmpDir: string;
  dialect: Dialect;
  /** The admin URL for PostgreSQL runs (databases are created and dropped through it). */
  adminUrl: string | null;
  /** --quick: shorter runs and a smaller corpus, to try the harness; figures are not comparable. */
  quick: boolean;
  /** Peak RSS (bytes) of the app server process per run, filled in before each child is stopped. */
  peakRss: Map<string, number | null>;
  summary: SummaryFigure[];
  /** Async clean-ups (drop databases…), run in reverse order at the end, also after a failure. */
  onCleanup: (fn: () => Promise<void>) => void;
}

/** A section of `npm run bench`: api-throughput, search, memory, bundle… one module each. */
export interface BenchSection {
  name: string;
  title: string;
  run: (ctx: BenchContext) => Promise<void>;
}
