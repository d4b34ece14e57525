/** The languages of the results pages, and how a visitor's is chosen. */
export const LANGUAGES = ['en', 'zh-CN', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_COOKIE = 'traveller_lang';

export function asLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  // Simplified Chinese: zh, zh-CN, zh-Hans, zh-SG; Traditional: zh-Hant, zh-TW, zh-HK, zh-MO.
  if (lower === 'zh' || lower === 'zh-cn' || lower === 'zh-sg' || lower.startsWith('zh-hans')) return 'zh-CN';
  if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-mo' || lower.startsWith('zh-hant')) return 'zh-Hant';
  return null;
}

/** `?lang=` first, then the remembered cookie, then the browser's Accept-Language (by q), else English. */
export function chooseLanguage(query: unknown, cookie: unknown, acceptLanguage: string | undefined): Language {
  return asLanguage(query) ?? asLanguage(cookie) ?? fromAcceptLanguage(acceptLanguage ?? '') ?? 'en';
}

function fromAcceptLanguage(header: string): Language | null {
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const language = asLanguage(range.tag);
    if (language) return language;
  }
  return null;
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
