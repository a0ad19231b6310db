// An unexpected console.error (a 500 logged by the app, a React warning) fails the test that caused it.
import { afterEach } from 'vitest';

const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length) {
    const first = errors.splice(0).map((a) => a.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});
