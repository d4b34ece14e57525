import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import type { EventPage } from '../web-data.service.js';
import { layout, type Crumb } from './layout.js';
import { listNav, rankingTables } from './ranking-table.js';

export function sessionTitle(ctx: PageContext, session: { number: number; name: string | null }): string {
  return session.name ?? ctx.t('session.title', { number: session.number });
}

export function eventCrumbs(ctx: PageContext, organization: { id: string; name: string } | null, event?: { id: string; name: string }): Crumb[] {
  const crumbs: Crumb[] = [{ label: ctx.t('site.home'), href: '/' }];
  if (organization) crumbs.push({ label: organization.name, href: `/organizations/${organization.id}` });
  if (event) crumbs.push({ label: event.name, href: `/events/${event.id}` });
  return crumbs;
}

export function eventPage(ctx: PageContext, data: EventPage): Html {
  const { event, sessions, ranking } = data;
  const lastSession = sessions.at(-1);
  return layout(
    ctx,
    { title: event.name, crumbs: eventCrumbs(ctx, data.organization) },
    html`<h1>${event.name}</h1>
<p class="meta">${event.startsOn ? html`${ctx.t('event.date')}${ctx.t('site.colon')}<time datetime="${event.startsOn.toISOString().slice(0, 10)}">${ctx.date(event.startsOn)}</time>` : ''}${event.venue ? html` · ${ctx.t('event.venue')}${ctx.t('site.colon')}${event.venue}` : ''}${event.directorName ? html` · ${ctx.t('event.director')}${ctx.t('site.colon')}${event.directorName}` : ''}</p>
<section aria-labelledby="sessions"><h2 id="sessions">${ctx.t('event.sessions')}</h2>
${sessions.length ? html`<ul class="links sessions">${sessions.map((s) => html`<li><a href="${ctx.href(`/sessions/${s.id}`)}">${sessionTitle(ctx, s)}</a>${s.startsAt ? html` <span class="meta">· <time datetime="${s.startsAt.toISOString()}" data-local>${ctx.dateTime(s.startsAt)}</time></span>` : ''}</li>`)}</ul>` : html`<p class="note">${ctx.t('event.noSessions')}</p>`}
</section>
<section aria-labelledby="event-ranking"><h2 id="event-ranking">${ctx.t('event.ranking')}</h2>
<p class="note">${ctx.t('event.rankingNote')}</p>
${listNav(ctx, data.part, `/events/${event.id}`)}
${ranking.length ? rankingTables(ctx, event, ranking, (e) => (lastSession ? `/sessions/${lastSession.id}/contestants/${e.contestant.id}` : null), 'event-ranking') : html`<p class="note">${ctx.t('event.noResults')}</p>`}
${ranking.length > 20 ? listNav(ctx, data.part, `/events/${event.id}`) : ''}
</section>`,
  );
}
