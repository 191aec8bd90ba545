import { tokensCss } from '../styles/tokens.css.js'

// The shell and the primitives every view shares (rows, buttons, pictures, tags). View-specific
// rules live next to each view and arrive with its chunk.
export const modalCss = `${tokensCss('.root')}
:host { all: initial; }
*, *::before, *::after { box-sizing: border-box; }
.root {
  font-family: var(--p-font); color: var(--p-text); font-size: 15px; line-height: 1.4;
  -webkit-font-smoothing: antialiased; text-align: left;
}
.backdrop {
  position: fixed; inset: 0; z-index: var(--portico-z-index, 999);
  display: flex; align-items: center; justify-content: center; padding: 16px;
  background: var(--p-backdrop);
  animation: portico-fade 180ms var(--p-ease);
}
.dialog {
  position: relative; width: 360px; max-width: 100%; max-height: min(640px, calc(100dvh - 32px));
  display: flex; flex-direction: column; overflow: hidden;
  background: var(--p-bg); border: 1px solid var(--p-border); border-radius: var(--p-radius-l);
  box-shadow: var(--p-shadow); outline: none;
  animation: portico-rise 200ms var(--p-ease);
}
.dialog.shake { animation: portico-shake 500ms var(--p-ease); }
.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 14px 14px 6px; }
.title { margin: 0; font-size: 16px; font-weight: 650; text-align: center; letter-spacing: -0.01em;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.icon-button {
  display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px;
  border: 0; border-radius: 50%; background: transparent; color: var(--p-muted); cursor: pointer;
  transition: background-color 150ms var(--p-ease), color 150ms var(--p-ease);
}
.icon-button:hover { background: var(--p-surface); color: var(--p-text); }
.header .icon-button:last-child { justify-self: end; }
.body { padding: 8px 16px 16px; overflow-y: auto; overscroll-behavior: contain; }
button, a, input { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
.dialog:focus-visible { outline: none; }
.notices { display: grid; gap: 8px; padding: 0 16px; }
.notices:empty { display: none; }
.alert, .toast {
  display: flex; align-items: center; gap: 10px; padding: 10px 12px; border-radius: var(--p-radius-m);
  font-size: 14px; font-weight: 500; background: var(--p-surface); border: 1px solid var(--p-border);
  animation: portico-fade 160ms var(--p-ease);
}
.alert { color: var(--p-error); border-color: color-mix(in srgb, var(--p-error) 35%, transparent); }
.alert[data-variant="warning"] { color: var(--p-warning); border-color: color-mix(in srgb, var(--p-warning) 35%, transparent); }
.alert[data-variant="info"] { color: var(--p-text); }
.alert > span, .toast > span { flex: 1; }
.alert .icon-button { width: 28px; height: 28px; color: inherit; }
.toast[data-variant="success"] { color: var(--p-success); }
.toast[data-variant="error"] { color: var(--p-error); }
.list { display: grid; grid-template-columns: minmax(0, 1fr); gap: 6px; margin: 0; padding: 0; list-style: none; }
.row {
  display: flex; align-items: center; gap: 12px; width: 100%; min-height: 56px; padding: 8px 12px;
  border: 1px solid transparent; border-radius: var(--p-radius-m); background: var(--p-surface);
  color: var(--p-text); text-align: left; cursor: pointer; text-decoration: none;
  transition: background-color 150ms var(--p-ease), border-color 150ms var(--p-ease), transform 150ms var(--p-ease);
}
.row:hover { background: var(--p-surface-hover); }
.row:active { transform: scale(0.985); }
.row[aria-current="true"] { border-color: color-mix(in srgb, var(--p-accent) 55%, transparent); }
.row:disabled { cursor: default; opacity: 0.7; }
.row-name { flex: 1; min-width: 0; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.row-end { display: inline-flex; align-items: center; gap: 6px; color: var(--p-muted); font-size: 13px; }
.picture { display: inline-flex; flex: none; width: 36px; height: 36px; border-radius: var(--p-radius-s); overflow: hidden; }
.picture img { display: block; width: 100%; height: 100%; object-fit: cover; }
.picture.round { border-radius: 50%; }
.letter {
  display: inline-flex; align-items: center; justify-content: center; width: 100%; height: 100%;
  background: hsl(var(--p-letter-hue, 240) 55% 42%); color: #fff; font-weight: 700; font-size: 15px;
}
.tag {
  padding: 3px 8px; border-radius: 999px; font-size: 12px; font-weight: 600;
  background: var(--p-accent-soft); color: var(--p-text);
}
.tag.neutral { background: var(--p-base-3); color: var(--p-muted); }
.button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 44px;
  padding: 0 18px; border: 1px solid transparent; border-radius: 999px; font-weight: 600; cursor: pointer;
  background: var(--p-accent); color: var(--p-on-accent); text-decoration: none;
  transition: background-color 150ms var(--p-ease), transform 150ms var(--p-ease);
}
.button:hover { background: color-mix(in srgb, var(--p-accent) 88%, #000); }
.button:active { transform: scale(0.98); }
.button.secondary { background: var(--p-surface); color: var(--p-text); border-color: var(--p-border); }
.button.secondary:hover { background: var(--p-surface-hover); }
.button.danger { background: var(--p-surface); color: var(--p-error); border-color: var(--p-border); }
.button.wide { width: 100%; }
.muted { color: var(--p-muted); }
.center { text-align: center; }
.error-text { color: var(--p-error); font-size: 14px; }
.stack { display: grid; gap: 12px; }
.footer { margin: 14px 0 0; text-align: center; font-size: 12px; color: var(--p-muted); }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.view-error { display: grid; gap: 16px; justify-items: center; text-align: center; padding: 16px 8px 8px; color: var(--p-muted); }
.view-error p { margin: 0; line-height: 1.5; }
.skeleton { display: grid; gap: 6px; padding: 0; }
.skeleton > div { height: 56px; border-radius: var(--p-radius-m); background: var(--p-surface); animation: portico-pulse 1.2s ease-in-out infinite; }
@keyframes portico-fade { from { opacity: 0; } }
@keyframes portico-rise { from { opacity: 0; transform: translateY(12px) scale(0.98); } }
@keyframes portico-sheet { from { transform: translateY(100%); } }
@keyframes portico-pulse { 50% { opacity: 0.55; } }
@keyframes portico-shake {
  10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); }
}
@media (max-width: 430px) {
  .backdrop { align-items: flex-end; padding: 0; }
  .dialog {
    width: 100%; max-height: calc(100dvh - 24px); border-radius: var(--p-radius-l) var(--p-radius-l) 0 0;
    border-bottom: 0; padding-bottom: env(safe-area-inset-bottom); animation-name: portico-sheet;
  }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: 1ms !important; animation-iteration-count: 1 !important; transition-duration: 1ms !important; }
  .dialog.shake { animation: none; outline: 2px solid var(--p-error); }
}
`
