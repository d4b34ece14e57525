import { parseDeal, type Deal } from '../../bridge/deal.js';
import { isVulnerable, type Seat, type Strain, type Vulnerability } from '../../bridge/types.js';
import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import { contract, suit } from './bridge-marks.js';

/** The hand-records issue adds this to boards with a deal; pages show it when it is there. */
export interface DoubleDummyView {
  tricks: { strain: Strain; declarer: Seat; tricks: number }[];
  par: { nsScore: number; contracts: string[] };
}

export interface BoardView {
  number: number;
  dealer: Seat;
  vulnerability: Vulnerability;
  deal: string | null;
  doubleDummy?: DoubleDummyView | null;
}

const SUITS: Exclude<Strain, 'NT'>[] = ['S', 'H', 'D', 'C'];

function readDeal(text: string | null): Deal | null {
  if (!text) return null;
  try {
    return parseDeal(text);
  } catch {
    return null;
  }
}

function hand(ctx: PageContext, board: BoardView, deal: Deal, seat: Seat): Html {
  const vul = isVulnerable(seat, board.vulnerability);
  return html`<div class="hand hand-${seat.toLowerCase()}">
  <h3 class="seat${vul ? ' vul' : ''}">${ctx.t(`seat.${seat}`)}${board.dealer === seat ? html` <span class="dealer-mark" title="${ctx.t('board.dealer')}">(${ctx.t('board.dealer')})</span>` : ''}</h3>
  <ul>${SUITS.map((s, i) => {
    const cards = deal[seat][i].replace(/T/g, '10').split('').join(' ').replace(/1 0/g, '10');
    return html`<li>${suit(ctx, s)} ${cards ? cards : html`<span aria-hidden="true">—</span><span class="vh">${ctx.t('suit.void')}</span>`}</li>`;
  })}</ul>
</div>`;
}

/** The four hands around a compass card with the board's number, dealer and vulnerability (Law 2). */
export function handDiagram(ctx: PageContext, board: BoardView): Html {
  const deal = readDeal(board.deal);
  const compass = html`<div class="compass" aria-hidden="${deal ? 'true' : 'false'}">
  <strong>${board.number}</strong>
  <span>${ctx.t('board.dealer')}${ctx.t('site.colon')}${ctx.t(`seat.${board.dealer}`)}</span>
  <span>${ctx.t('board.vulnerability')}${ctx.t('site.colon')}${ctx.t(`vul.${board.vulnerability}`)}</span>
</div>`;
  const facts = html`<p class="board-facts">${ctx.t('board.dealer')}${ctx.t('site.colon')}<strong>${ctx.t(`seat.${board.dealer}`)}</strong> · ${ctx.t('board.vulnerability')}${ctx.t('site.colon')}<strong>${ctx.t(`vul.${board.vulnerability}`)}</strong></p>`;
  if (!deal) return html`${facts}<p class="note">${ctx.t('board.noDeal')}</p>`;
  return html`${facts}<div class="diagram">
${hand(ctx, board, deal, 'N')}${hand(ctx, board, deal, 'W')}${compass}${hand(ctx, board, deal, 'E')}${hand(ctx, board, deal, 'S')}
</div>`;
}

const DD_STRAINS: Strain[] = ['NT', 'S', 'H', 'D', 'C'];
const DD_SEATS: Seat[] = ['N', 'S', 'E', 'W'];

/** Tricks each declarer makes in each strain double dummy, and the par, when the board has them. */
export function doubleDummyTable(ctx: PageContext, dd: DoubleDummyView | null | undefined): Html {
  if (!dd) return html``;
  const tricks = (strain: Strain, seat: Seat) => dd.tricks.find((t) => t.strain === strain && t.declarer === seat)?.tricks;
  return html`<section class="dd" aria-labelledby="dd-h">
<h2 id="dd-h">${ctx.t('board.doubleDummy')}</h2>
<table class="dd-table">
<thead><tr><td></td>${DD_STRAINS.map((s) => html`<th scope="col">${suit(ctx, s)}</th>`)}</tr></thead>
<tbody>${DD_SEATS.map((seat) => html`<tr><th scope="row">${ctx.t(`seat.${seat}`)}</th>${DD_STRAINS.map((s) => html`<td>${tricks(s, seat) ?? ''}</td>`)}</tr>`)}</tbody>
</table>
<p>${ctx.t('board.par')}${ctx.t('site.colon')}${dd.par.contracts.map((c, i) => html`${i ? ', ' : ''}${contract(ctx, c.replace(/-?[NESW]+$/, ''))}${c.match(/[NESW]+$/)?.[0] ?? ''}`)} · ${ctx.t('board.parScore', { score: ctx.signed(dd.par.nsScore, 0) })}</p>
</section>`;
}
