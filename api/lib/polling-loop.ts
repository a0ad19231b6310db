/**
 * A background loop of one process that runs `run` every `pollMs` and at once when woken (by
 * `subscribe`'s signal, e.g. a row committed in this process), never two runs at a time: a wake
 * during a run makes one more run after it. A failed run is logged and the next poll tries again.
 * The mail sender and the newsletter's publish job are such loops, each under its own job lease
 * (docs/decisions/016-outgoing-mail.md, 017).
 */
export interface PollingLoop {
  /** Runs now (or once more after the run in progress); resolves when that run ends. */
  wake: () => Promise<void>;
  /** True once `stop` was called: a long run checks it between its steps. */
  stopping: () => boolean;
  /** Stops polling and listening, and waits for the run in progress. */
  stop: () => Promise<void>;
}

export function startPollingLoop(opts: {
  /** For the log: "[{label}] … failed". */
  label: string;
  pollMs: number;
  run: () => Promise<void>;
  /** Calls `wake` on this process's signal; returns how to stop listening. */
  subscribe: (wake: () => void) => () => void;
}): PollingLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;

  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await opts.run();
        } catch (err) {
          console.error(`[${opts.label}] failed; it tries again at its next poll`, err);
        }
      } while (again && !stopping);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => void tick(), opts.pollMs);
  timer.unref();
  const unsubscribe = opts.subscribe(() => void tick());
  // The first run once the caller holds the loop (its `run` may read `stopping`).
  queueMicrotask(() => void tick());

  return {
    wake: tick,
    stopping: () => stopping,
    async stop() {
      stopping = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}
