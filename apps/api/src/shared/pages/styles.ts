import { type ColorName, readableOn, STATUS_COLORS, textOn } from '@portal/contract';

const PAPER = '#ffffff';

/**
 * The style sheet of the server-rendered pages (decision 042): the web app's Material look (bar, cards, buttons, chips) in plain CSS, drawn in the
 * organisation's colours with text kept at WCAG AA contrast whatever they are. Sent inline: the page needs no
 * other request to paint.
 */
export function pageCss(colours: Record<ColorName, string>): string {
  const primary = colours.primary;
  const vars = {
    '--primary': primary,
    '--on-primary': textOn(primary),
    '--primary-text': readableOn(primary, [PAPER, colours.BackTheme]),
    '--secondary-text': readableOn(colours.secondary, [PAPER, colours.BackTheme]),
    '--info': colours.info,
    '--on-info': textOn(colours.info),
    '--back': colours.BackTheme,
    '--muted': readableOn('#616161', [PAPER, colours.BackTheme]),
    '--good': STATUS_COLORS.good,
    '--pending': STATUS_COLORS.pending,
    '--bad': STATUS_COLORS.bad,
  };
  const root = Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${root}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:Roboto,"Segoe UI","Helvetica Neue",Arial,sans-serif;font-size:1rem;line-height:1.5;color:rgba(0,0,0,.87);background:var(--back);min-height:100vh;display:flex;flex-direction:column}
a{color:var(--primary-text)}
:focus-visible{outline:3px solid var(--primary-text);outline-offset:2px}
.bar{position:sticky;top:0;z-index:10;background:${PAPER};box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px rgba(0,0,0,.14),0 1px 3px rgba(0,0,0,.12)}
.bar-in{display:flex;align-items:center;gap:16px;min-height:64px;padding:8px 24px;max-width:1200px;margin:0 auto}
.logo{width:40px;height:40px;border-radius:8px;object-fit:contain;flex:none}
.site-nav{display:flex;gap:8px}
.org{flex:1;min-width:0;font-weight:700;font-size:1.25rem;line-height:1.25;color:var(--primary-text);text-decoration:none}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:36px;padding:6px 16px;border-radius:8px;border:1px solid transparent;font:inherit;font-size:.875rem;font-weight:600;text-decoration:none;cursor:pointer;white-space:nowrap;background:none;color:var(--primary-text)}
.btn:hover{background:rgba(0,0,0,.05)}
.btn-outlined{border-color:var(--primary-text)}
.btn-contained{background:var(--primary);color:var(--on-primary)}
.btn-contained:hover{background:var(--primary);filter:brightness(.9)}
main{flex:1;width:100%;max-width:1200px;margin:0 auto;padding:40px 24px}
h1{font-size:2.125rem;line-height:1.235;font-weight:700;margin:0}
h2{font-size:1.25rem;font-weight:700;margin:0 0 16px}
h3{font-size:1rem;font-weight:700;margin:0;line-height:1.3}
.lead,.muted{color:var(--muted)}
.lead{margin:4px 0 24px}
.stack>*+*{margin-top:24px}
.search{display:flex;gap:8px;max-width:640px;align-items:flex-end}
.search .btn{min-height:42px;padding:6px 20px}
.field{flex:1;display:flex;flex-direction:column;gap:4px}
.field label{font-size:.875rem;color:var(--muted)}
.field input{font:inherit;padding:8.5px 14px;border:1px solid rgba(0,0,0,.38);border-radius:8px;background:${PAPER};width:100%;min-width:0}
.field input:focus{outline:2px solid var(--primary-text);outline-offset:-1px;border-color:transparent}
.check{display:inline-flex;align-items:center;gap:8px;margin-top:12px;cursor:pointer;min-height:42px}
.check input{width:18px;height:18px;accent-color:var(--primary)}
.alert{padding:12px 16px;border-radius:8px;background:#e5f6fd;color:#014361}
.alert-error{background:#fdeded;color:#5f2120}
.alert-warning{background:#fff4e5;color:#663c00}
.sanctions{margin:8px 0 0;padding-left:32px}
.grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));padding:0;margin:0;list-style:none}
.grid2{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(320px,1fr))}
.card{display:block;background:${PAPER};border-radius:8px;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px rgba(0,0,0,.14),0 1px 3px rgba(0,0,0,.12);padding:16px;color:inherit;text-decoration:none;height:100%}
a.card:hover{box-shadow:0 3px 5px -1px rgba(0,0,0,.2),0 6px 10px rgba(0,0,0,.14),0 1px 18px rgba(0,0,0,.12)}
.result{display:flex;gap:16px}
.result>div{min-width:0}
.result h2{font-size:1rem;margin:0;line-height:1.3}
.avatar{flex:none;width:64px;height:64px;border-radius:50%;background:var(--primary);color:var(--on-primary);display:flex;align-items:center;justify-content:center;font-size:26px;overflow:hidden}
.avatar img{width:100%;height:100%;object-fit:cover}
.avatar-lg{width:160px;height:160px;font-size:56px}
.body2{font-size:.875rem;margin:2px 0 0}
.chips{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.chip{display:inline-flex;align-items:center;min-height:24px;padding:2px 10px;border-radius:16px;font-size:.8125rem;font-weight:600;border:1px solid transparent}
.chip-good{background:var(--good);color:#fff}
.chip-pending{background:var(--pending);color:#fff}
.chip-out-good{border-color:var(--good);color:var(--good)}
.chip-out-pending{border-color:var(--pending);color:var(--pending)}
.chip-info{background:var(--info);color:var(--on-info)}
.chip-plain{border-color:rgba(0,0,0,.38)}
.pages{display:flex;flex-wrap:wrap;justify-content:center;gap:4px;padding:0;margin:0;list-style:none}
.pages a,.pages span{display:inline-flex;min-width:40px;min-height:40px;align-items:center;justify-content:center;border-radius:20px;padding:0 8px;text-decoration:none;color:inherit}
.pages a:hover{background:rgba(0,0,0,.05)}
.pages [aria-current]{background:var(--primary);color:var(--on-primary)}
.bars{list-style:none;padding:0;margin:0}
.bars li+li{margin-top:10px}
.bar-label{display:flex;justify-content:space-between;gap:16px;font-size:.875rem}
.bar-label span:first-child{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.bar-label span:last-child{font-weight:600}
.track{height:8px;border-radius:4px;background:#e0e0e0;overflow:hidden;margin-top:2px}
.fill{height:100%;background:var(--primary)}
.profile{display:flex;flex-wrap:wrap;gap:32px;align-items:center;padding:32px}
.profile>div:last-child{flex:1;min-width:240px}
.facts{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));margin:16px 0 0}
.facts dt{font-size:.75rem;color:var(--muted)}
.facts dd{margin:0;font-weight:500}
.two{display:grid;gap:32px;align-items:stretch}
@media (min-width:900px){.two{grid-template-columns:1fr 1fr}.two>.first-wide-right{order:2}}
.pad{padding:32px}
.form-stack>*+*{margin-top:16px}
.field-error{color:#d32f2f;font-size:.75rem;margin:0 14px}
.with-toggle{position:relative}
.with-toggle input{padding-right:48px}
.toggle{position:absolute;right:4px;top:50%;transform:translateY(-50%);width:40px;height:40px;border:0;border-radius:50%;background:none;cursor:pointer;color:var(--muted);display:flex;align-items:center;justify-content:center}
.toggle svg{width:24px;height:24px;fill:currentColor}
.btn-lg{min-height:42px;width:100%;font-size:.9375rem}
.btn-secondary{color:var(--secondary-text);border-color:var(--secondary-text)}
.right{text-align:right}
.divider{display:flex;align-items:center;gap:16px;color:var(--muted);font-size:.875rem}
.divider::before,.divider::after{content:"";flex:1;border-top:1px solid rgba(0,0,0,.12)}
.caption{display:block;font-size:.75rem;text-align:center;color:var(--muted);margin-top:4px}
.steps h3{color:var(--primary-text);margin-bottom:8px}
.steps ol{padding-left:20px;margin:0;font-size:.875rem}
.steps li+li{margin-top:6px}
.steps+.steps{border-top:1px solid rgba(0,0,0,.12);margin-top:24px;padding-top:24px}
.narrow{max-width:720px;margin:0 auto}
.overline{font-size:.75rem;letter-spacing:.08em;text-transform:uppercase;color:var(--muted);margin:0 0 8px}
.h5{font-size:1.5rem;font-weight:400;line-height:1.334}
.verify{border:2px solid rgba(0,0,0,.12);box-shadow:none}
.verify-good{border-color:var(--good)}
.verify-bad{border-color:var(--bad)}
.verify-head{display:flex;align-items:center;gap:16px;margin-bottom:16px}
.verify-head>div{flex:1;min-width:0}
.mark{width:48px;height:48px;flex:none;fill:var(--pending)}
.verify-good .mark{fill:var(--good)}
.verify-bad .mark{fill:var(--bad)}
.chip-bad{background:var(--bad);color:#fff}
.alert-success{background:#edf7ed;color:#1e4620}
.rows{border-top:1px solid rgba(0,0,0,.12);margin:16px 0 0;padding-top:8px}
.rows>div{display:flex;flex-wrap:wrap;column-gap:16px;padding:6px 0}
.rows dt{min-width:160px;color:var(--muted);font-size:.875rem}
.rows dd{margin:0;font-weight:500;word-break:break-word}
footer{padding:16px;text-align:center;color:var(--muted);border-top:1px solid rgba(0,0,0,.12);background:${PAPER};font-size:.875rem}
.top{position:fixed;right:24px;bottom:24px;width:40px;height:40px;border-radius:50%;border:0;background:var(--primary);color:var(--on-primary);font-size:20px;cursor:pointer;box-shadow:0 3px 5px -1px rgba(0,0,0,.2),0 6px 10px rgba(0,0,0,.14)}
.top[hidden]{display:none}
@media (max-width:599px){.pad{padding:16px}.bar-in{padding:8px 16px;gap:8px}.org{font-size:1rem}main{padding:24px 16px}h1{font-size:1.75rem}.profile{padding:16px;justify-content:center}.btn{padding:6px 10px}}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}`;
}
