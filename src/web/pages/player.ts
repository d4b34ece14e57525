import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import type { PlayerPage } from '../web-data.service.js';
import { layout } from './layout.js';

/** A player: the name as the club publishes it. Their events are not shown: Player.history is for the club's and federation's keys. */
export function playerPage(ctx: PageContext, data: PlayerPage): Html {
  const { player } = data;
  return layout(
    ctx,
    { title: player.name, crumbs: [{ label: ctx.t('site.home'), href: '/' }] },
    html`<h1>${player.name}</h1>
<section aria-labelledby="history"><h2 id="history">${ctx.t('player.history')}</h2>
<p class="note">${ctx.t('player.historyPrivate')}</p>
</section>`,
  );
}
