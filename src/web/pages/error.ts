import { html, type Html } from '../html.js';
import type { PageContext } from '../page-context.js';
import { layout } from './layout.js';

export function errorPage(ctx: PageContext, status: 404 | 500): Html {
  const [title, text] = status === 404 ? (['error.notFound', 'error.notFoundText'] as const) : (['error.server', 'error.serverText'] as const);
  return layout(ctx, { title: ctx.t(title), crumbs: [{ label: ctx.t('site.home'), href: '/' }] }, html`<h1>${ctx.t(title)}</h1><p>${ctx.t(text)}</p>`);
}
