import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Where browser tests leave their screenshots (git-ignored). */
export const SCREENS_DIR = 'test-output/screens';

/** Fonts the machine may have (Debian fonts-dejavu-core, fonts-wqy-microhei): only for screenshots a person reads. */
const OPTIONAL_FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'];

/** The Chromium that the npm package @sparticuz/chromium ships (unpacked to /tmp), driven by puppeteer-core. */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const executablePath = await chromium.executablePath();
  // The package's fontconfig reads /tmp/fonts (it unpacks one Latin font there).
  mkdirSync('/tmp/fonts', { recursive: true });
  for (const font of OPTIONAL_FONTS) if (existsSync(font)) copyFileSync(font, `/tmp/fonts/${basename(font)}`);
  return puppeteer.launch({ executablePath, args: chromium.args, headless: true, defaultViewport: { width: 1100, height: 900 } });
}
