import type { TravellerLine } from '../../results/models/traveller.model.js';
import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import type { BoardPage, HandsPage } from '../web-data.service.js';
import { contract, lead, seat } from './bridge-marks.js';
import { eventCrumbs, sessionTitle } from './event.js';
import { doubleDummyTable, handDiagram } from './hand-diagram.js';
import { layout } from './layout.js';
import { liveStatus, listNav, standingNote } from './ranking-table.js';
import { hiddenNotice } from './session.js';

export function boardPage(ctx: PageContext, data: BoardPage): Html {
  const { session, event, traveller, board } = data;
  const index = data.boards.indexOf(board.number);
  const previous = index > 0 ? data.boards[index - 1] : null;
  const next = index >= 0 && index < data.boards.length - 1 ? data.boards[index + 1] : null;
  const boardHref = (n: number) => ctx.href(`/sessions/${session.id}/boards/${n}`);
  const live = data.standing !== 'FINAL';
  const crumbs = [...eventCrumbs(ctx, data.organization, event), { label: sessionTitle(ctx, session), href: `/sessions/${session.id}` }];
  return layout(
    ctx,
    { title: `${ctx.t('board.title', { number: board.number })} · ${event.name}`, crumbs, liveSession: live ? session.id : undefined },
    html`<h1>${ctx.t('board.title', { number: board.number })}</h1>
<nav class="pager" aria-label="${ctx.t('session.boards')}">${previous !== null ? html`<a rel="prev" href="${boardHref(previous)}">← ${ctx.t('board.previous')}</a>` : html`<span></span>`}${next !== null ? html`<a rel="next" href="${boardHref(next)}">${ctx.t('board.next')} →</a>` : ''}</nav>
${standingNote(ctx, data.standing, session)}
${live ? liveStatus(ctx) : ''}
${hiddenNotice(ctx, traveller.hidden)}
<section aria-labelledby="hand-h"><h2 id="hand-h" class="vh">${ctx.t('board.hand')}</h2>${handDiagram(ctx, board)}</section>
${doubleDummyTable(ctx, board.doubleDummy)}
<section aria-labelledby="traveller-h"><h2 id="traveller-h">${ctx.t('board.traveller')}</h2>
${traveller.top !== null ? html`<p class="note">${ctx.t('board.top', { top: ctx.num(traveller.top) })}</p>` : ''}
${listNav(ctx, data.part, `/sessions/${session.id}/boards/${board.number}`, 'traveller')}
${travellerTable(ctx, data)}
${traveller.lines.length > 20 ? listNav(ctx, data.part, `/sessions/${session.id}/boards/${board.number}`, 'traveller') : ''}
</section>`,
  );
}

function travellerTable(ctx: PageContext, data: BoardPage): Html {
  const { traveller, event, session } = data;
  if (!traveller.lines.length) return traveller.hidden ? html`` : html`<p class="note">${ctx.t('board.noResults')}</p>`;
  const mp = event.scoring === 'MATCHPOINTS';
  const par = data.board.doubleDummy?.par.nsScore;
  const sections = data.sectioned;
  const adjusted = traveller.lines.some((l) => l.adjustment);
  // Many clubs' pads do not record the lead: no empty column then.
  const leads = traveller.lines.some((l) => l.lead);
  const pair = (l: TravellerLine, n: number) => `${sections ? l.section : ''}${n}`;
  // By section, direction and number, once: a national board's page shows 500 lines of a field of 20,000 pairs.
  const byKey = new Map(data.contestants.map((c) => [`${c.section ?? ''}|${c.direction ?? ''}|${c.number}`, c]));
  const contestantOf = (section: string | null, direction: 'NS' | 'EW', n: number) =>
    byKey.get(`${section ?? ''}|${direction}|${n}`) ?? byKey.get(`${section ?? ''}||${n}`) ?? byKey.get(`|${direction}|${n}`) ?? byKey.get(`||${n}`);
  return html`<table class="traveller">
<thead><tr>
<th scope="col" class="n">${ctx.t('col.nsPair')}</th>
<th scope="col" class="n">${ctx.t('col.ewPair')}</th>
<th scope="col">${ctx.t('col.contract')}</th>
<th scope="col">${ctx.t('col.declarer')}</th>
${leads ? html`<th scope="col">${ctx.t('col.lead')}</th>` : ''}
<th scope="col" class="n">${ctx.t('col.result')}</th>
<th scope="col" class="n">${ctx.t('col.nsScore')}</th>
<th scope="col" class="n">${ctx.t(mp ? 'col.nsMp' : 'col.nsImps')}</th>
<th scope="col" class="n">${ctx.t(mp ? 'col.ewMp' : 'col.ewImps')}</th>
${par !== undefined ? html`<th scope="col" class="n">${ctx.t('col.vsPar')}</th>` : ''}
</tr></thead>
<tbody>${traveller.lines.map((l) => {
    const ns = mp ? l.nsMatchpoints : l.nsImps;
    const ew = mp ? l.ewMatchpoints : l.ewImps;
    const contestantLink = (n: number, direction: 'NS' | 'EW') => {
      const c = contestantOf(l.section, direction, n);
      return c ? html`<a href="${ctx.href(`/sessions/${session.id}/contestants/${c.id}`)}">${pair(l, n)}</a>` : html`${pair(l, n)}`;
    };
    return html`<tr class="${l.adjustment ? 'adjusted' : ''}" data-line="${l.id}">
<th scope="row" class="n">${contestantLink(l.nsPair, 'NS')}</th>
<td class="n">${contestantLink(l.ewPair, 'EW')}</td>
<td>${l.adjustment ? html`<span title="${l.adjustment}">${l.adjustment}</span>` : contract(ctx, l.contract)}</td>
<td>${seat(ctx, l.declarer)}</td>
${leads ? html`<td>${lead(ctx, l.lead)}</td>` : ''}
<td class="n">${l.result ?? ''}</td>
<td class="n ns-score" data-value="${l.nsScore ?? ''}">${l.nsScore === null ? '' : ctx.signed(l.nsScore, 0)}</td>
<td class="n ns-figure" data-value="${ns ?? ''}">${ctx.num(ns)}${l.adjustment ? html`<span aria-hidden="true">*</span><span class="vh"> (${ctx.t('board.adjusted')})</span>` : ''}</td>
<td class="n ew-figure" data-value="${ew ?? ''}">${ctx.num(ew)}</td>
${par !== undefined ? html`<td class="n">${l.nsScore === null ? '' : ctx.signed(l.nsScore - par, 0)}</td>` : ''}
</tr>`;
  })}</tbody>
</table>
${adjusted ? html`<p class="note">${ctx.t('board.adjustedNote')}</p>` : ''}`;
}

export function handsPage(ctx: PageContext, data: HandsPage): Html {
  const { session, event } = data;
  const crumbs = [...eventCrumbs(ctx, data.organization, event), { label: sessionTitle(ctx, session), href: `/sessions/${session.id}` }];
  return layout(
    ctx,
    { title: `${ctx.t('session.handRecords')} · ${event.name}`, crumbs },
    html`<h1>${event.name}${ctx.t('site.colon')}${ctx.t('session.handRecords')}</h1>
${hiddenNotice(ctx, data.hidden)}
<div class="hand-records">${data.boards.map((b) => html`<section aria-labelledby="b${b.number}"><h2 id="b${b.number}"><a href="${ctx.href(`/sessions/${session.id}/boards/${b.number}`)}">${ctx.t('board.title', { number: b.number })}</a></h2>${handDiagram(ctx, b)}${doubleDummyTable(ctx, b.doubleDummy)}</section>`)}</div>`,
  );
}
