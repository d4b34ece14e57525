import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import type { SessionPage } from '../web-data.service.js';
import { eventCrumbs, sessionTitle } from './event.js';
import { layout } from './layout.js';
import { liveStatus, listNav, rankingTables, standingNote } from './ranking-table.js';

export function hiddenNotice(ctx: PageContext, hidden: boolean): Html {
  return hidden ? html`<p class="notice travellers-hidden">${ctx.t('session.travellersHidden')}</p>` : html``;
}

export function sessionPage(ctx: PageContext, data: SessionPage): Html {
  const { session, event, ranking } = data;
  const title = `${event.name} · ${sessionTitle(ctx, session)}`;
  const live = data.standing !== 'FINAL';
  return layout(
    ctx,
    { title, crumbs: eventCrumbs(ctx, data.organization, event), liveSession: live ? session.id : undefined },
    html`<h1>${event.name}${ctx.t('site.colon')}${sessionTitle(ctx, session)}</h1>
${standingNote(ctx, data.standing, session)}
${live ? liveStatus(ctx) : ''}
${data.progress.length ? html`<p class="note progress">${data.progress.map((p, i) => html`${i ? html`<br>` : ''}<span data-section="${p.section}">${ctx.t(p.section ? 'session.progress' : 'session.progressAll', { section: p.section, stored: String(p.stored), expected: String(p.expected) })}</span>`)}</p>` : ''}
${hiddenNotice(ctx, data.hidden)}
<section aria-labelledby="ranking"><h2 id="ranking">${ctx.t('session.ranking')}</h2>
${listNav(ctx, data.part, `/sessions/${session.id}`)}
${ranking.length ? rankingTables(ctx, event, ranking, (e) => `/sessions/${session.id}/contestants/${e.contestant.id}`, 'session-ranking') : html`<p class="note">${ctx.t('event.noResults')}</p>`}
${ranking.length > 20 ? listNav(ctx, data.part, `/sessions/${session.id}`) : ''}
</section>
${data.matches.length ? matchesTable(ctx, data) : ''}
${data.boards.length ? html`<section aria-labelledby="boards" class="no-print"><h2 id="boards">${ctx.t('session.boards')}</h2>
<ul class="boards">${data.boards.map((n) => html`<li><a href="${ctx.href(`/sessions/${session.id}/boards/${n}`)}" aria-label="${ctx.t('board.title', { number: n })}">${n}</a></li>`)}</ul>
${data.hidden ? '' : html`<p><a href="${ctx.href(`/sessions/${session.id}/hands`)}">${ctx.t('session.handRecords')}</a></p>`}
</section>` : ''}`,
  );
}

function matchesTable(ctx: PageContext, data: SessionPage): Html {
  return html`<section aria-labelledby="matches"><h2 id="matches">${ctx.t('session.matches')}</h2>
<p class="note">${ctx.t('session.matchesNote')}</p>
<table class="matches"><thead><tr><th scope="col" class="n">${ctx.t('col.round')}</th><th scope="col">${ctx.t('col.match')}</th><th scope="col" class="n">${ctx.t('col.imps')}</th></tr></thead>
<tbody>${data.matches.map((m) => html`<tr><td class="n">${m.round || ''}</td><th scope="row"><a href="${ctx.href(`/sessions/${data.session.id}/contestants/${m.team.id}`)}">${m.team.name}</a> – <a href="${ctx.href(`/sessions/${data.session.id}/contestants/${m.opponent.id}`)}">${m.opponent.name}</a></th><td class="n">${ctx.signed(m.imps)}</td></tr>`)}</tbody></table>
</section>`;
}
