import type { Event } from '../../generated/prisma/client.js';
import type { RankingEntry } from '../../rankings/models/ranking.model.js';
import { html, type Html } from '../html.js';
import type { MessageKey } from '../i18n/messages.js';
import type { PageContext } from '../page-context.js';
import type { ListPart } from '../web-data.service.js';

/** The column a ranking's score is shown in, by how the event is scored. */
export function scoreUnit(event: Pick<Event, 'scoring' | 'vpScale'>): MessageKey {
  if (event.scoring === 'MATCHPOINTS') return 'col.matchpoints';
  if (event.scoring === 'TEAMS_IMPS') return event.vpScale ? 'col.vps' : 'col.imps';
  if (event.scoring === 'TOTAL_POINTS') return 'col.points';
  return 'col.imps';
}

/**
 * Where the rows shown of a ranking (or a traveller) stand in it (`ListPart`): the part a filter keeps (one club's
 * pairs, one section) with a way back to the whole, and the rows of this page of it with the pages
 * either side. Nothing for a ranking shown whole.
 */
export function listNav(ctx: PageContext, part: ListPart | null, path: string, of: 'ranking' | 'traveller' = 'ranking'): Html {
  if (!part || (part.pages === 1 && !part.club && !part.section)) return html``;
  const link = (page: number | null, filtered = true) => {
    const query = new URLSearchParams();
    if (page && page > 1) query.set('page', String(page));
    if (filtered && part.club) query.set('club', part.club.id);
    if (filtered && part.section) query.set('section', part.section);
    return ctx.href(query.size ? `${path}?${query}` : path);
  };
  const only = part.club ? ctx.t('ranking.onlyClub', { club: part.club.name }) : part.section ? ctx.t(`${of}.onlySection`, { section: part.section }) : null;
  const last = part.from + part.count;
  return html`<nav class="rows-pager no-print" aria-label="${ctx.t('ranking.pages')}"><p>
${only ? html`<span class="filter">${only}</span> <a href="${link(null, false)}">${ctx.t(`${of}.whole`)}</a><br>` : ''}
${part.total ? html`<span class="rows">${ctx.t('ranking.rows', { from: ctx.num(part.from + 1), to: ctx.num(last), total: ctx.num(part.total) })}</span>` : ''}
${part.page > 1 ? html` <a href="${link(part.page - 1)}" rel="prev">${ctx.t('ranking.previous')}</a>` : ''}
${part.page < part.pages ? html` <a href="${link(part.page + 1)}" rel="next">${ctx.t('ranking.next')}</a>` : ''}
</p></nav>`;
}

/** Rankings by field: one table per field ("NS" and "EW" of a two-winner Mitchell, or sections). */
export function rankingTables(ctx: PageContext, event: Event, entries: RankingEntry[], link: (e: RankingEntry) => string | null, id: string): Html {
  // Sections in order, NS before EW within one.
  const order = (field: string) => (field.endsWith('EW') ? 1 : 0);
  const section = (field: string) => field.replace(/ ?(NS|EW)$/, '');
  const fields = [...new Set(entries.map((e) => e.field))].sort((a, b) => section(a).localeCompare(section(b)) || order(a) - order(b));
  return html`${fields.map((field, i) => rankingTable(ctx, event, entries.filter((e) => e.field === field), field, link, `${id}-${i}`))}`;
}

function fieldName(ctx: PageContext, field: string): string {
  return field
    .split(' ')
    .map((part) => (part === 'NS' || part === 'EW' ? ctx.t(`session.field.${part}`) : part))
    .join(' ');
}

function rankingTable(ctx: PageContext, event: Event, entries: RankingEntry[], field: string, link: (e: RankingEntry) => string | null, id: string): Html {
  const percent = entries.some((e) => e.percentage !== null);
  const penalties = entries.some((e) => e.penalty);
  // A final's carry-forward from its qualifying stage, included in the score.
  const carried = entries.some((e) => e.carriedForward !== null && e.carriedForward !== undefined);
  const teams = event.kind === 'TEAMS';
  // A simultaneous: each pair's club and its place there, beside the national place.
  const clubs = entries.some((e) => e.club);
  return html`<table class="ranking" id="${id}" data-field="${field}">
${field ? html`<caption>${fieldName(ctx, field)}</caption>` : ''}
<thead><tr>
<th scope="col" class="n">${ctx.t('col.place')}</th>
<th scope="col" class="n">${ctx.t('col.number')}</th>
<th scope="col">${ctx.t(teams ? 'col.team' : 'col.names')}</th>
<th scope="col" class="n">${ctx.t(scoreUnit(event))}</th>
${percent ? html`<th scope="col" class="n">${ctx.t('col.percentage')}</th>` : ''}
${penalties ? html`<th scope="col" class="n hide-narrow">${ctx.t('col.penalty')}</th>` : ''}
${carried ? html`<th scope="col" class="n hide-narrow">${ctx.t('col.carried')}</th>` : ''}
${clubs ? html`<th scope="col" class="club">${ctx.t('col.club')}</th>` : ''}
</tr></thead>
<tbody>${entries.map((e) => {
    const href = link(e);
    const name = href ? html`<a href="${ctx.href(href)}">${e.contestant.name}</a>` : html`${e.contestant.name}`;
    return html`<tr data-contestant="${e.contestant.id}">
<td class="n place">${e.place}</td>
<th scope="row" class="n">${e.contestant.section ?? ''}${e.contestant.number}</th>
<td class="names">${name}</td>
<td class="n score" data-value="${e.score}">${ctx.num(e.score)}</td>
${percent ? html`<td class="n percentage" data-value="${e.percentage ?? ''}">${ctx.percent(e.percentage)}</td>` : ''}
${penalties ? html`<td class="n hide-narrow">${e.penalty ? ctx.num(-e.penalty) : ''}</td>` : ''}
${carried ? html`<td class="n carried hide-narrow">${e.carriedForward === null || e.carriedForward === undefined ? '' : ctx.num(e.carriedForward)}</td>` : ''}
${clubs ? html`<td class="club">${e.club ? `${e.club.name} (${e.club.place})` : ''}</td>` : ''}
</tr>`;
  })}</tbody>
</table>`;
}

/** Provisional / official / final, with what it means, the correction deadline, and the appeals and ruling requests still waiting. */
export function standingNote(ctx: PageContext, standing: 'PROVISIONAL' | 'OFFICIAL' | 'FINAL', session: { correctionDeadline: Date | null; pendingAppeals?: number; pendingRulings?: number }): Html {
  const { correctionDeadline } = session;
  const appeals = session.pendingAppeals ?? 0;
  const rulings = session.pendingRulings ?? 0;
  return html`<p class="standing"><span class="badge ${standing}">${ctx.t(`standing.${standing}`)}</span> <span class="note">${ctx.t(`standing.help.${standing}`)}</span>
${standing === 'OFFICIAL' && correctionDeadline ? html`<br><span class="deadline">${deadline(ctx, correctionDeadline)}</span>` : ''}
${appeals > 0 ? html`<br><span class="appeals">${ctx.t('session.appealsPending', { count: String(appeals) })}</span>` : ''}
${rulings > 0 ? html`<br><span class="rulings">${ctx.t('session.rulingsPending', { count: String(rulings) })}</span>` : ''}</p>`;
}

function deadline(ctx: PageContext, at: Date): Html {
  const [before, after] = ctx.t('session.deadline', { time: '\u0000' }).split('\u0000');
  return html`${before}<time datetime="${at.toISOString()}" data-local>${ctx.dateTime(at)}</time>${after}`;
}

export function liveStatus(ctx: PageContext): Html {
  return html`<p class="live-status no-print" aria-live="polite" data-on="${ctx.t('live.on')}" data-updated="${ctx.t('live.updated', { time: '{time}' })}"></p>`;
}
