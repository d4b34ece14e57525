import type { Strain } from '../../bridge/types.js';
import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';

const SYMBOLS: Record<Exclude<Strain, 'NT'>, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A suit symbol a screen reader reads as its name ("hearts", "红心"); colour comes from the class. */
export function suit(ctx: PageContext, strain: Strain): Html {
  if (strain === 'NT') return html`<abbr class="nt" title="${ctx.t('suit.NT')}">${ctx.language === 'en' ? 'NT' : ctx.t('suit.NT')}</abbr>`;
  return html`<span class="suit suit-${strain.toLowerCase()}" role="img" aria-label="${ctx.t(`suit.${strain}`)}">${SYMBOLS[strain]}</span>`;
}

/** "4HX" → 4♥X; "PASS" → passed out. Anything unexpected is shown as text. */
export function contract(ctx: PageContext, text: string | null): Html {
  if (!text) return html``;
  if (text === 'PASS') return html`<span class="pass">${ctx.t('contract.pass')}</span>`;
  const m = /^([1-7])(NT|[SHDC])(X{0,2})$/.exec(text);
  if (!m) return html`${text}`;
  return html`<span class="contract">${m[1]}${suit(ctx, m[2] as Strain)}${m[3]}</span>`;
}

/** A lead card "SA" → ♠A (PBN order: suit, then rank; "10" shown as 10). */
export function lead(ctx: PageContext, text: string | null): Html {
  if (!text) return html``;
  const m = /^([SHDC])(10|[2-9TJQKA])$/i.exec(text);
  if (!m) return html`${text}`;
  const rank = m[2].toUpperCase() === 'T' ? '10' : m[2].toUpperCase();
  return html`<span class="card">${suit(ctx, m[1].toUpperCase() as Strain)}${rank}</span>`;
}

export function seat(ctx: PageContext, s: string | null): Html {
  if (!s || !['N', 'E', 'S', 'W'].includes(s)) return html``;
  return html`<abbr title="${ctx.t(`seat.${s as 'N'}`)}">${ctx.t(`seat.short.${s as 'N'}`)}</abbr>`;
}
