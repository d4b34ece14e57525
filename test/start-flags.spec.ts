import { readFileSync } from 'node:fs';
import { startFlags } from './support/service-process.js';

/**
 * The service's node flags (its heap limit) live in package.json's start script; the image and
 * every test or benchmark that starts the service must run it the same way.
 */
describe('the service starts with one set of node flags', () => {
  it('package.json names the heap limit and its starting size, and the Dockerfile runs node with the same flags', () => {
    const flags = startFlags();
    expect(flags.some((f) => /^--max-old-space-size=\d+$/.test(f))).toBe(true);
    // Without it V8 runs full collections all through a national import while the heap grows (see ARCHITECTURE).
    expect(flags.some((f) => /^--initial-old-space-size=\d+$/.test(f))).toBe(true);
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('docker/Dockerfile', 'utf8'));
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd![1])).toEqual(['node', ...flags, 'dist/main.js']);
  });
});
