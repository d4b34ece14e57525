import { html, type Html } from '../html.js';
import { LANGUAGES } from '../i18n/language.js';
import type { PageContext } from '../page-context.js';
import { SCRIPT_PATH, STYLESHEET_PATH } from '../assets/asset-paths.js';

export interface Crumb {
  label: string;
  href: string;
}

export interface PageOptions {
  title: string;
  crumbs?: Crumb[];
  /** A session whose changes the page follows live (server-sent events). */
  liveSession?: string;
}

const LANGUAGE_NAMES = { en: 'English', 'zh-CN': '简体中文', 'zh-Hant': '繁體中文' } as const;

/**
 * The whole document, or with ?embed=1 the same main content without the site's header and
 * footer (for an iframe on a club's own site). Works without JavaScript; the script only adds
 * live updates and local times.
 */
export function layout(ctx: PageContext, options: PageOptions, main: Html): Html {
  const live = options.liveSession ? html` data-live="${`/live/sessions/${options.liveSession}`}"` : '';
  const body = ctx.embed
    ? html`<main id="main" class="embedded"${live}>${main}</main>`
    : html`<a class="skip" href="#main">${ctx.t('site.skip')}</a>
<header class="site">
  <a class="brand" href="${ctx.href('/')}">${ctx.t('site.name')}</a>
  <nav class="languages" aria-label="${ctx.t('site.language')}">${LANGUAGES.map((l) =>
    l === ctx.language
      ? html`<strong lang="${l}" aria-current="true">${LANGUAGE_NAMES[l]}</strong>`
      : html`<a lang="${l}" hreflang="${l}" href="${ctx.languageHref(l)}">${LANGUAGE_NAMES[l]}</a>`,
  )}</nav>
</header>
${options.crumbs?.length ? html`<nav class="crumbs" aria-label="breadcrumb"><ol>${options.crumbs.map((c) => html`<li><a href="${ctx.href(c.href)}">${c.label}</a></li>`)}</ol></nav>` : ''}
<main id="main"${live}>${main}
${embedSnippet(ctx)}
</main>
<footer class="site"><p>${ctx.t('site.footer')}</p></footer>`;
  return html`<!DOCTYPE html>
<html lang="${ctx.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · ${ctx.t('site.name')}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" href="data:,">
${LANGUAGES.filter((l) => l !== ctx.language).map((l) => html`<link rel="alternate" hreflang="${l}" href="${ctx.languageHref(l)}">`)}
<script src="${SCRIPT_PATH}" defer></script>
</head>
<body${ctx.embed ? html` class="embed"` : ''}>
${body}
</body>
</html>
`;
}

/** The copy-paste iframe code for this page, shown on the page (not printed, not in the embed itself). */
function embedSnippet(ctx: PageContext): Html {
  const src = `${ctx.origin}${ctx.path}?embed=1&lang=${ctx.language}`;
  const code = `<iframe src="${src}" title="${ctx.t('site.name')}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
  return html`<details class="embed-snippet">
<summary>${ctx.t('embed.title')}</summary>
<label for="embed-code">${ctx.t('embed.help')}</label>
<textarea id="embed-code" readonly rows="3">${code}</textarea>
</details>`;
}
