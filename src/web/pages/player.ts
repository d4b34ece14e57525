import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import type { PlayerPage } from '../web-data.service.js';
import { layout } from './layout.js';

/** A player: the name as the club publishes it; the events only where the API would show them to a visitor (it does not: Player.history is for the club's keys). */
export function playerPage(ctx: PageContext, data: PlayerPage): Html {
  const { player, history, historyPrivate } = data;
  return layout(
    ctx,
    { title: player.name, crumbs: [{ label: ctx.t('site.home'), href: '/' }] },
    html`<h1>${player.name}</h1>
<section aria-labelledby="history"><h2 id="history">${ctx.t('player.history')}</h2>
${history.length ? html`<table class="history"><thead><tr>
<th scope="col">${ctx.t('event.date')}</th><th scope="col">${ctx.t('org.events')}</th><th scope="col">${ctx.t('player.partners')}</th><th scope="col" class="n">${ctx.t('col.place')}</th><th scope="col" class="n">${ctx.t('col.percentage')}</th>
</tr></thead><tbody>${history.map((h) => html`<tr>
<td>${h.startsOn ? ctx.date(h.startsOn) : ''}</td>
<th scope="row"><a href="${ctx.href(`/events/${h.eventId}`)}">${h.eventName}</a></th>
<td>${h.partners.map((p, i) => html`${i ? ', ' : ''}<a href="${ctx.href(`/players/${p.id}`)}">${p.name}</a>`)}</td>
<td class="n">${h.place ?? ''}${h.place && !h.official ? html` <span class="note">(${ctx.t('player.provisional')})</span>` : ''}</td>
<td class="n">${ctx.num(h.percentage)}</td>
</tr>`)}</tbody></table>` : html`<p class="note">${ctx.t(historyPrivate ? 'player.historyPrivate' : 'player.noHistory')}</p>`}
</section>`,
  );
}
