import type { Language } from './i18n/language.js';
import { message, type MessageKey } from './i18n/messages.js';

/**
 * What every template needs about the request: the language (strings, numbers, dates formatted
 * with Intl for it), whether the page is embedded, and how to link to another page.
 */
export class PageContext {
  private readonly numbers = new Map<number, Intl.NumberFormat>();

  constructor(
    readonly language: Language,
    readonly embed: boolean,
    /** The page's own path, for the language switch and the embed snippet. */
    readonly path: string,
    /** e.g. "http://127.0.0.1:3000", for the embed snippet. */
    readonly origin: string,
  ) {}

  t(key: MessageKey, params?: Record<string, string | number>): string {
    return message(this.language, key, params);
  }

  /** A number with up to `digits` decimals, in the language's digits and separators. */
  num(value: number | null | undefined, digits = 2): string {
    if (value === null || value === undefined) return '';
    let format = this.numbers.get(digits);
    if (!format) this.numbers.set(digits, (format = new Intl.NumberFormat(this.language, { maximumFractionDigits: digits, minimumFractionDigits: 0 })));
    return format.format(value);
  }

  /** A percentage, always with two decimals (62.50). */
  percent(value: number | null | undefined): string {
    if (value === null || value === undefined) return '';
    return new Intl.NumberFormat(this.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  }

  /** A score with its sign: +620, −100. */
  signed(value: number | null | undefined, digits = 2): string {
    if (value === null || value === undefined) return '';
    return value > 0 ? `+${this.num(value, digits)}` : value < 0 ? `−${this.num(-value, digits)}` : this.num(0);
  }

  /** A calendar day (stored at UTC midnight). */
  date(value: Date | null | undefined): string {
    if (!value) return '';
    return new Intl.DateTimeFormat(this.language, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
  }

  /** An instant, in UTC on the server; the page's script shows it in the reader's own time zone. */
  dateTime(value: Date): string {
    return new Intl.DateTimeFormat(this.language, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(value);
  }

  /** A link to another page; embedded pages keep the embed and language in their links (iframes may not keep cookies). */
  href(path: string): string {
    return this.embed ? `${path}${path.includes('?') ? '&' : '?'}embed=1&lang=${this.language}` : path;
  }

  /** This page in another language. */
  languageHref(language: Language): string {
    return `${this.path}?lang=${language}${this.embed ? '&embed=1' : ''}`;
  }
}
