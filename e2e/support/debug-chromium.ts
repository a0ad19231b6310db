// Debian's chromium with a remote debugging port, for tools that drive it over the DevTools
// protocol themselves (Lighthouse). Port 0: chromium picks a free one and prints it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

export interface DebugChromium {
  port: number;
  /** The browser process (its renderers are its descendants). */
  pid: number;
  close: () => Promise<void>;
}

export async function launchDebugChromium(): Promise<DebugChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-chromium-'));
  const child: ChildProcess = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chromium printed no DevTools address within 30 s')), 30_000);
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve(Number(match[1]));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited before it listened (code ${code})`));
    });
  }).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    port,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(force);
      }
      await removeProfile(profile);
    },
  };
}

/**
 * Chromium's helper processes (network, storage) may still write to the profile for a moment after
 * the browser process has exited (ENOTEMPTY failed a whole audit file once). Removing a temp
 * folder is housekeeping, never a test failure: tried for up to ~5 s, then left to the OS.
 */
async function removeProfile(profile: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      fs.rmSync(profile, { recursive: true, force: true });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  console.warn(`[debug-chromium] could not remove ${profile}; left in place`);
}
