import type { ScorecardLine } from '../../rankings/models/ranking.model.js';
import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import { byRound, type ScorecardPage } from '../web-data.service.js';
import { contract, seat } from './bridge-marks.js';
import { eventCrumbs, sessionTitle } from './event.js';
import { layout } from './layout.js';
import { liveStatus, scoreUnit, standingNote } from './ranking-table.js';
import { hiddenNotice } from './session.js';

/** A contestant's session board by board; in teams, grouped by match with each match's IMPs. */
export function scorecardPage(ctx: PageContext, data: ScorecardPage): Html {
  const { session, event, card, entry } = data;
  const name = card.contestant.name;
  const live = data.standing !== 'FINAL';
  const teams = event.kind === 'TEAMS';
  const crumbs = [...eventCrumbs(ctx, data.organization, event), { label: sessionTitle(ctx, session), href: `/sessions/${session.id}` }];
  const opponentDirection = (l: ScorecardLine) => (l.direction === 'NS' ? 'EW' : 'NS');
  const opponentName = (l: ScorecardLine) =>
    data.contestants.find((c) => c.number === l.opponent && c.id !== card.contestant.id && (c.section === null || c.section === card.contestant.section) && (c.direction === null || c.direction === opponentDirection(l)));
  const rounds = teams ? [...byRound(card)] : [[0, card.lines] as const];
  return layout(
    ctx,
    { title: `${ctx.t('scorecard.title', { name })} · ${event.name}`, crumbs, liveSession: live ? session.id : undefined },
    html`<h1>${ctx.t('scorecard.title', { name })}</h1>
${standingNote(ctx, data.standing, session)}
${live ? liveStatus(ctx) : ''}
${card.contestant.players.length ? html`<p>${ctx.t('scorecard.players')}${ctx.t('site.colon')}${card.contestant.players.map((p, i) => html`${i ? ', ' : ''}<a href="${ctx.href(`/players/${p.id}`)}">${p.name}</a>`)}</p>` : ''}
${entry ? html`<p class="summary">${ctx.t('col.place')}${ctx.t('site.colon')}<strong class="place">${entry.place}</strong> · ${ctx.t(scoreUnit(event))}${ctx.t('site.colon')}<strong class="score">${ctx.num(entry.score)}</strong>${entry.percentage !== null ? html` · <strong class="percentage">${ctx.num(entry.percentage)}%</strong>` : ''}</p>` : ''}
${hiddenNotice(ctx, card.hidden)}
${rounds.map(([round, lines]) => {
      const opponent = lines.length ? opponentName(lines[0]) : undefined;
      return html`${teams && opponent ? html`<h2>${ctx.t('scorecard.round', { round })}${ctx.t('site.colon')}${ctx.t('scorecard.versus', { opponent: opponent.name })}</h2>` : ''}
${lines.length ? linesTable(ctx, data, lines, opponentName) : ''}`;
    })}`,
  );
}

function linesTable(ctx: PageContext, data: ScorecardPage, lines: ScorecardLine[], opponentOf: (l: ScorecardLine) => { id: string; name: string } | undefined): Html {
  const mp = data.event.scoring === 'MATCHPOINTS';
  const teams = data.event.kind === 'TEAMS';
  const total = lines.reduce((sum, l) => sum + ((mp ? l.matchpoints : l.imps) ?? 0), 0);
  return html`<table class="scorecard">
<thead><tr>
<th scope="col" class="n">${ctx.t('col.board')}</th>
<th scope="col" class="hide-narrow">${ctx.t('col.direction')}</th>
<th scope="col" class="n">${ctx.t('col.opponent')}</th>
<th scope="col">${ctx.t('col.contract')}</th>
<th scope="col">${ctx.t('col.declarer')}</th>
<th scope="col" class="n">${ctx.t('col.result')}</th>
<th scope="col" class="n">${ctx.t('col.score')}</th>
<th scope="col" class="n">${ctx.t(mp ? 'col.matchpoints' : 'col.imps')}</th>
</tr></thead>
<tbody>${lines.map((l) => {
    const figure = mp ? l.matchpoints : l.imps;
    const opponent = opponentOf(l);
    return html`<tr class="${l.adjustment ? 'adjusted' : ''}" data-board="${l.board}">
<th scope="row" class="n"><a href="${ctx.href(`/sessions/${data.session.id}/boards/${l.board}`)}">${l.board}</a></th>
<td class="hide-narrow">${ctx.t(`dir.${l.direction}`)}</td>
<td class="n">${opponent ? html`<a href="${ctx.href(`/sessions/${data.session.id}/contestants/${opponent.id}`)}" title="${opponent.name}">${l.opponent}</a>` : l.opponent}</td>
<td>${l.adjustment ? l.adjustment : contract(ctx, l.contract)}</td>
<td>${seat(ctx, l.declarer)}</td>
<td class="n">${l.result ?? ''}</td>
<td class="n">${l.score === null ? '' : ctx.signed(l.score, 0)}</td>
<td class="n figure" data-value="${figure ?? ''}">${teams ? ctx.signed(figure) : ctx.num(figure)}${l.adjustment ? html`<span aria-hidden="true">*</span><span class="vh"> (${ctx.t('board.adjusted')})</span>` : ''}</td>
</tr>`;
  })}</tbody>
<tfoot><tr><th scope="row" colspan="6">${ctx.t(teams ? 'scorecard.matchTotal' : 'scorecard.total')}</th><td class="hide-narrow"></td><td class="n total">${teams ? ctx.signed(total) : ctx.num(total)}</td></tr></tfoot>
</table>`;
}
