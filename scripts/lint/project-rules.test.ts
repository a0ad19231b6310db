import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { projectRules, resolveImport, ROOT } from './project-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

// A small tree to resolve against: the rule checks which files exist behind a '.js'.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-lint-'));
for (const file of ['pwa/lib/format.ts', 'pwa/features/notes/notes-store.ts', 'pwa/features/notes/components/my-notes.tsx', 'pwa/features/saved/saved-store.ts', 'pwa/app/app.tsx', 'pwa/offline/index.ts', 'pwa/offline/outbox.ts', 'api/db.ts', 'api/modules/blog/blog.routes.ts', 'contract/index.ts', 'contract/content.ts']) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), '');
}
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const at = (file: string) => path.join(root, file);
const options = [{ root }];

describe('import-paths', () => {
  tester.run('import-paths', projectRules.rules['import-paths'], {
    valid: [
      { filename: at('pwa/features/notes/components/my-notes.tsx'), options, code: "import { save } from '../notes-store';" },
      { filename: at('pwa/features/notes/components/my-notes.tsx'), options, code: "import { format } from '#pwa/lib/format';" },
      { filename: at('api/modules/blog/blog.routes.ts'), options, code: "import { db } from '#api/db'; import { Post } from '#contract';" },
      { filename: at('pwa/app/app.tsx'), options, code: "import React from 'react'; import './styles.css';" },
      // A config file at the root is loaded by its tool's own loader, which wants the '.js'.
      { filename: at('vite.config.ts'), options, code: "import { db } from './api/db.js';" },
    ],
    invalid: [
      {
        // Two folders up: named instead, and the fix writes the name.
        filename: at('pwa/features/notes/components/my-notes.tsx'),
        options,
        code: "import { format } from '../../../lib/format';",
        output: "import { format } from '#pwa/lib/format';",
        errors: [{ messageId: 'climbs' }],
      },
      {
        // One folder up but out of api/ into contract/.
        filename: at('api/db.ts'),
        options,
        code: "import type { Post } from '../contract/index.js';",
        output: "import type { Post } from '#contract';",
        errors: [{ messageId: 'climbs' }],
      },
      {
        filename: at('api/modules/blog/blog.routes.ts'),
        options,
        code: "const lazy = () => import('../../db.js');",
        output: "const lazy = () => import('#api/db');",
        errors: [{ messageId: 'climbs' }],
      },
      {
        filename: at('pwa/features/notes/components/my-notes.tsx'),
        options,
        code: "export { save } from '../notes-store.js';",
        output: "export { save } from '../notes-store';",
        errors: [{ messageId: 'suffix' }],
      },
      {
        filename: at('api/db.ts'),
        options,
        code: "import { Post } from '#contract/content.js';",
        output: "import { Post } from '#contract/content';",
        errors: [{ messageId: 'suffix' }],
      },
    ],
  });
});

describe('pwa-layers', () => {
  tester.run('pwa-layers', projectRules.rules['pwa-layers'], {
    valid: [
      { filename: at('pwa/app/app.tsx'), options, code: "import { x } from '#pwa/features/notes/notes-store';" },
      { filename: at('pwa/features/notes/notes-store.ts'), options, code: "import { format } from '#pwa/lib/format'; import { enqueue } from '#pwa/offline';" },
    ],
    invalid: [
      { filename: at('pwa/features/notes/notes-store.ts'), options, code: "import { x } from '#pwa/features/saved/saved-store';", errors: [{ message: /features never import each other/ }] },
      { filename: at('pwa/features/notes/notes-store.ts'), options, code: "import { x } from '../saved/saved-store';", errors: [{ message: /features never import each other/ }] },
      { filename: at('pwa/lib/format.ts'), options, code: "import { x } from '#pwa/app/app';", errors: [{ message: /imports flow app → features/ }] },
      { filename: at('pwa/lib/format.ts'), options, code: "import { db } from '#api/db';", errors: [{ message: 'The PWA talks to the API over HTTP only.' }] },
    ],
  });
});

describe('offline-surface', () => {
  tester.run('offline-surface', projectRules.rules['offline-surface'], {
    valid: [
      { filename: at('pwa/features/notes/notes-store.ts'), options, code: "import { appDb, useOutboxWrite } from '#pwa/offline';" },
      { filename: at('pwa/app/app.tsx'), options, code: "import { outbox } from '../offline';" },
      // Inside the engine, and the service worker's own surface.
      { filename: at('pwa/offline/index.ts'), options, code: "export { outbox } from './outbox';" },
      { filename: at('pwa/sw.ts'), options, code: "import { deliverOnBackgroundSync } from './offline/worker';" },
      // Tests build engines of their own.
      { filename: at('pwa/features/notes/notes-store.test.ts'), options, code: "import { Outbox } from '#pwa/offline/outbox';" },
      { filename: at('tests/offline/outbox-upgrade.test.ts'), options, code: "import { AppDatabase } from '#pwa/offline/device-db';" },
    ],
    invalid: [
      { filename: at('pwa/features/notes/notes-store.ts'), options, code: "import { outbox } from '#pwa/offline/outbox';", errors: [{ messageId: 'inside' }] },
      { filename: at('pwa/app/app.tsx'), options, code: "const persister = () => import('../offline/query-persister');", errors: [{ messageId: 'inside' }] },
      { filename: at('pwa/features/notes/notes-store.ts'), options, code: "export { outbox } from '#pwa/offline/outbox.js';", errors: [{ messageId: 'inside' }] },
      { filename: at('pwa/app/app.tsx'), options, code: "import { deliverOnBackgroundSync } from '#pwa/offline/worker';", errors: [{ messageId: 'inside' }] },
    ],
  });
});

describe('resolveImport', () => {
  it("reads package.json's imports map", () => {
    const from = path.join(ROOT, 'pwa/app/app.tsx');
    expect(resolveImport(from, '#contract')).toBe(path.join(ROOT, 'contract/index'));
    expect(resolveImport(from, '#pwa/lib/format')).toBe(path.join(ROOT, 'pwa/lib/format'));
    expect(resolveImport(from, './router')).toBe(path.join(ROOT, 'pwa/app/router'));
    expect(resolveImport(from, 'react')).toBeNull();
  });
});
