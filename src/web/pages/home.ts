import type { Event } from '../../generated/prisma/client.js';
import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import type { HomePage, OrganizationPage } from '../web-data.service.js';
import { layout } from './layout.js';

export function eventList(ctx: PageContext, events: Event[]): Html {
  if (!events.length) return html`<p class="note">${ctx.t('home.noEvents')}</p>`;
  return html`<ul class="links events">${events.map(
    (e) => html`<li><a href="${ctx.href(`/events/${e.id}`)}">${e.name}</a>${e.startsOn ? html` <span class="meta">· <time datetime="${e.startsOn.toISOString().slice(0, 10)}">${ctx.date(e.startsOn)}</time></span>` : ''}</li>`,
  )}</ul>`;
}

export function homePage(ctx: PageContext, data: HomePage): Html {
  return layout(
    ctx,
    { title: ctx.t('home.title') },
    html`<h1>${ctx.t('home.title')}</h1>
<section aria-labelledby="recent"><h2 id="recent">${ctx.t('home.recentEvents')}</h2>${eventList(ctx, data.events)}</section>
<section aria-labelledby="orgs"><h2 id="orgs">${ctx.t('home.organizations')}</h2>
${data.organizations.length ? html`<ul class="links organizations">${data.organizations.map((o) => html`<li><a href="${ctx.href(`/organizations/${o.id}`)}">${o.name}</a> <span class="meta">· ${ctx.t(o.kind === 'FEDERATION' ? 'org.federation' : 'org.club')}</span></li>`)}</ul>` : html`<p class="note">${ctx.t('home.noOrganizations')}</p>`}
</section>`,
  );
}

export function organizationPage(ctx: PageContext, data: OrganizationPage): Html {
  return layout(
    ctx,
    { title: data.organization.name, crumbs: [{ label: ctx.t('site.home'), href: '/' }] },
    html`<h1>${data.organization.name}</h1>
<p class="meta">${ctx.t(data.organization.kind === 'FEDERATION' ? 'org.federation' : 'org.club')}</p>
<section aria-labelledby="events"><h2 id="events">${ctx.t('org.events')}</h2>${eventList(ctx, data.events)}</section>`,
  );
}
