import type { Language } from './language.js';
import { en, type MessageKey, type Messages } from './messages.en.js';
import { zhCN } from './messages.zh-CN.js';
import { zhHant } from './messages.zh-Hant.js';

export const CATALOGUES: Record<Language, Messages> = { en, 'zh-CN': zhCN, 'zh-Hant': zhHant };
export type { MessageKey };

/** A message with its `{name}` placeholders filled. */
export function message(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return CATALOGUES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
