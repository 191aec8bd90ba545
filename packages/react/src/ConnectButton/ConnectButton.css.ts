import { tokensCss } from '../styles/tokens.css.js'

// The button lives in the host page's DOM (so server-rendered markup hydrates as is); `all: unset`
// on every part drops whatever the page's element selectors set, and the `portico-` prefix keeps
// our class names out of the page's way.
export const connectButtonCss = `${tokensCss('.portico-cb')}
.portico-cb, .portico-cb * { all: unset; box-sizing: border-box; }
.portico-cb {
  display: inline-flex; align-items: center; gap: 6px; font-family: var(--p-font);
  font-size: 15px; line-height: 1; font-weight: 600; color: var(--p-text);
  -webkit-font-smoothing: antialiased;
}
.portico-cb .portico-cb-btn {
  display: inline-flex; align-items: center; gap: 8px; height: 40px; padding: 0 16px;
  border-radius: 999px; cursor: pointer; white-space: nowrap;
  background: var(--p-surface); color: var(--p-text); border: 1px solid var(--p-border);
  transition: background-color 160ms var(--p-ease), transform 160ms var(--p-ease), box-shadow 160ms var(--p-ease);
}
.portico-cb .portico-cb-btn:hover { background: var(--p-surface-hover); }
.portico-cb .portico-cb-btn:active { transform: scale(0.97); }
.portico-cb .portico-cb-btn:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
.portico-cb .portico-cb-primary { background: var(--p-accent); color: var(--p-on-accent); border-color: transparent; padding: 0 20px; }
.portico-cb .portico-cb-primary:hover { background: color-mix(in srgb, var(--p-accent) 88%, #000); }
.portico-cb .portico-cb-warning { background: var(--p-error); color: #fff; border-color: transparent; }
.portico-cb .portico-cb-btn[aria-busy="true"] { cursor: progress; opacity: 0.85; }
.portico-cb .portico-cb-spinner {
  display: inline-block; width: 14px; height: 14px; border-radius: 50%;
  border: 2px solid currentColor; border-right-color: transparent; animation: portico-cb-spin 700ms linear infinite;
}
.portico-cb .portico-cb-icon { display: inline-block; width: 22px; height: 22px; border-radius: 50%; overflow: hidden; flex: none; }
.portico-cb .portico-cb-icon img { display: block; width: 100%; height: 100%; object-fit: cover; }
.portico-cb .portico-cb-letter {
  display: inline-flex; align-items: center; justify-content: center; width: 100%; height: 100%;
  background: hsl(var(--p-letter-hue, 240) 55% 42%); color: #fff; font-size: 11px; font-weight: 700;
}
.portico-cb .portico-cb-balance { color: var(--p-muted); font-variant-numeric: tabular-nums; }
.portico-cb .portico-cb-address { font-variant-numeric: tabular-nums; max-width: 160px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.portico-cb img.portico-cb-avatar { object-fit: cover; background: none; }
.portico-cb .portico-cb-avatar {
  display: inline-block; width: 22px; height: 22px; border-radius: 50%; flex: none;
  background: linear-gradient(135deg, var(--p-avatar-a, #8b8fa3), var(--p-avatar-b, #4b4f63));
}
@keyframes portico-cb-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) {
  .portico-cb .portico-cb-btn { transition: none; }
  .portico-cb .portico-cb-spinner { animation-duration: 2s; }
}
@media (max-width: 430px) { .portico-cb .portico-cb-balance, .portico-cb .portico-cb-network-name { display: none; } }
`
