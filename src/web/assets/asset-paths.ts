import { createHash } from 'node:crypto';
import { SCRIPT } from './script.js';
import { STYLESHEET } from './stylesheet.js';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/** Content-hashed names: a new version is a new URL, so browsers may keep each one for good. */
export const STYLESHEET_PATH = `/assets/traveller.${hash(STYLESHEET)}.css`;
export const SCRIPT_PATH = `/assets/traveller.${hash(SCRIPT)}.js`;
