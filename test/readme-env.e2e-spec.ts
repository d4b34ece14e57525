import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every environment variable the service reads is in the README's configuration table. */
describe('README configuration table', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
      return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
    });

  it('names every variable the code reads', () => {
    const read = new Set<string>();
    for (const file of sources('src')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)|read\('([A-Z][A-Z0-9_]+)'/g)) read.add(m[1] ?? m[2]);
    }
    const readme = readFileSync('README.md', 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    // NODE_ENV is Node's own convention, not a setting of ours.
    const missing = [...read].filter((name) => name !== 'NODE_ENV' && !documented.has(name)).sort();
    expect(missing).toEqual([]);
    expect(read.size).toBeGreaterThan(5);
  });
});
