import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lucideIcons, lucideImports } from './app-core-chunk';

describe("the app's core chunk: icons", () => {
  it('reads the icons a module names from lucide-react, not its types or other packages', () => {
    const code = [
      'import { jsx } from "react/jsx-runtime";',
      'import { Menu, X as Close, type LucideIcon } from "lucide-react";',
      "import {\n  CloudOff,\n  RefreshCw\n} from 'lucide-react';",
      'import { Link } from "react-router-dom";',
    ].join('\n');
    expect(lucideImports(code)).toEqual(['Menu', 'X', 'CloudOff', 'RefreshCw']);
    expect(lucideImports('import { useState } from "react";')).toEqual([]);
  });

  it("finds each icon's module by every name lucide-react's index exports it as", () => {
    const index = path.resolve('node_modules/lucide-react/dist/esm/lucide-react.mjs');
    const icons = lucideIcons(index, fs.readFileSync(index, 'utf8'));
    const x = path.resolve('node_modules/lucide-react/dist/esm/icons/x.mjs');
    expect(icons.get('X')).toBe(x);
    expect(icons.get('XIcon')).toBe(x);
    expect(icons.get('LucideX')).toBe(x);
    expect(fs.existsSync(icons.get('RefreshCw')!)).toBe(true);
    expect(icons.get('createLucideIcon')).toBeUndefined();
  });
});
