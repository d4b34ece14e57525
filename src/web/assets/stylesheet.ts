/**
 * The one stylesheet of the results pages, served by us (no CDN), cached for good under a
 * content-hashed name. Phone first: a 12-line traveller fits 375 px without scrolling sideways.
 * Every text colour has at least 7:1 contrast on its background (WCAG AAA).
 */
export const STYLESHEET = `
:root { --ink: #1a1a1a; --muted: #555; --line: #c8c8c8; --bg: #fff; --band: #f2f5f8; --accent: #0b5394; --red: #b00020; --ok: #1b5e20; --warn: #7a4b00; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, summary:focus-visible, textarea:focus-visible { outline: 3px solid #f9a825; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem; }
.skip:focus { left: .5rem; }
.vh { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
header.site { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .5rem; padding: .6rem 1rem; background: var(--accent); color: #fff; }
header.site a { color: #fff; }
.brand { font-weight: 700; text-decoration: none; font-size: 1.1rem; }
.languages { display: flex; gap: .8rem; font-size: .95rem; }
.crumbs ol { list-style: none; display: flex; flex-wrap: wrap; gap: .3rem; margin: 0; padding: .5rem 1rem 0; font-size: .9rem; }
.crumbs li + li::before { content: "›"; margin-right: .3rem; color: var(--muted); }
main { display: block; max-width: 60rem; margin: 0 auto; padding: .5rem 1rem 1.5rem; }
main.embedded { padding: .25rem; }
h1 { font-size: 1.45rem; margin: .6rem 0 .3rem; }
h2 { font-size: 1.2rem; margin: 1.2rem 0 .4rem; }
h3 { font-size: 1rem; margin: .2rem 0; }
.meta, .note { color: var(--muted); margin: .2rem 0; }
.rows-pager p { margin: .3rem 0; } .rows-pager .rows { color: var(--muted); } .rows-pager a[rel] { display: inline-block; padding: .3rem .6rem; margin-left: .3rem; border: 1px solid var(--line); border-radius: .3rem; text-decoration: none; }
.badge { display: inline-block; padding: .1rem .5rem; border-radius: 1rem; font-size: .85rem; font-weight: 600; border: 1px solid currentColor; }
.badge.PROVISIONAL { color: var(--warn); } .badge.OFFICIAL { color: var(--accent); } .badge.FINAL { color: var(--ok); }
.notice { border-left: 4px solid var(--warn); background: #fff8e1; padding: .5rem .75rem; }
ul.links { padding-left: 1.2rem; }
ul.links li { margin: .25rem 0; }
ul.boards { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .35rem; }
ul.boards a { display: inline-block; min-width: 2.6rem; text-align: center; padding: .35rem .2rem; border: 1px solid var(--line); border-radius: .3rem; text-decoration: none; }
table { border-collapse: collapse; width: 100%; margin: .4rem 0 .8rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: .2rem 0; }
th, td { padding: .3rem .4rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
thead th { background: var(--band); font-size: .85rem; white-space: nowrap; vertical-align: bottom; }
.traveller thead th { white-space: normal; word-break: keep-all; }
td.n, th.n { text-align: right; white-space: nowrap; }
tbody tr:nth-child(even) { background: #fafafa; }
tr.adjusted td { font-style: italic; }
.names { overflow-wrap: anywhere; width: 100%; }
.players { color: var(--muted); font-size: .88rem; display: block; }
.suit-h, .suit-d { color: var(--red); } .suit-s, .suit-c { color: var(--ink); }
abbr { text-decoration: none; }
.contract, .card { white-space: nowrap; }
.board-facts { margin: .3rem 0; }
.diagram { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); grid-template-areas: ". n ." "w c e" ". s ."; gap: .3rem; max-width: 26rem; margin: .5rem 0; }
.hand-n { grid-area: n; } .hand-s { grid-area: s; } .hand-e { grid-area: e; } .hand-w { grid-area: w; }
.compass { grid-area: c; display: flex; flex-direction: column; justify-content: center; align-items: center; border: 2px solid var(--line); border-radius: .4rem; font-size: .8rem; text-align: center; min-height: 5.5rem; padding: .2rem; }
.compass strong { font-size: 1.4rem; }
.hand ul { list-style: none; margin: 0; padding: 0; font-size: .95rem; white-space: nowrap; }
.hand h3 { font-size: .85rem; color: var(--muted); }
.hand h3.vul { color: var(--red); }
.dealer-mark { font-weight: 400; }
.dd-table { width: auto; }
.dd-table td, .dd-table th { text-align: center; min-width: 2.2rem; }
.traveller, .scorecard { max-width: 48rem; }
.traveller th, .traveller td { padding: .3rem .2rem; font-size: .9rem; }
.pager { display: flex; justify-content: space-between; gap: 1rem; margin: .6rem 0; }
.live-status { font-size: .85rem; color: var(--muted); min-height: 1.2em; }
details.embed-snippet { margin-top: 2rem; font-size: .9rem; }
details.embed-snippet textarea { width: 100%; font: .8rem/1.3 ui-monospace, monospace; }
footer.site { color: var(--muted); font-size: .85rem; text-align: center; padding: 1rem; border-top: 1px solid var(--line); }
.hand-records { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: 1rem; }
.hand-records section { break-inside: avoid; page-break-inside: avoid; }
@media (max-width: 30rem) {
  body { font-size: 15px; }
  main { padding: .25rem .5rem 1rem; }
  th, td { padding: .25rem .2rem; }
  .traveller th, .traveller td { font-size: .78rem; padding: .25rem .1rem; }
  thead th { font-size: .72rem; }
  .hide-narrow { display: none; }
}
@media print {
  header.site, footer.site, .crumbs, .languages, details.embed-snippet, .live-status, .pager, .skip, .no-print { display: none !important; }
  body { font-size: 11pt; color: #000; }
  main { max-width: none; padding: 0; }
  a { color: #000; text-decoration: none; }
  thead th { background: none; border-bottom: 2px solid #000; }
  tbody tr:nth-child(even) { background: none; }
  table { page-break-inside: auto; } tr { page-break-inside: avoid; }
  .suit-h, .suit-d { color: #000; }
  .hand-records { display: block; }
  .hand-records section { display: inline-block; width: 48%; vertical-align: top; margin-bottom: 1rem; }
  .hide-narrow { display: table-cell; }
}
`;
