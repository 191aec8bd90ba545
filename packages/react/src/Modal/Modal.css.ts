import { tokensCss } from '../styles/tokens.css.js'

// The shell the page needs before the frame's chunk is there: the backdrop, the dialog, the loading
// skeleton and the failure message with its buttons. The frame's own rules and the primitives every
// view shares are in frame.css.ts, which comes with the frame's chunk; view-specific rules live next
// to each view and arrive with its chunk. `.closed`: the modal rendered ahead of its first opening,
// laid out but not seen (nor hit: hidden boxes take no pointer), its entrance waiting for the opening.
export const modalCss = `${tokensCss('.root')}
:host { all: initial; }
*, *::before, *::after { box-sizing: border-box; }
.root {
  font-family: var(--p-font); color: var(--p-text); font-size: 15px; line-height: 1.4;
  -webkit-font-smoothing: antialiased; text-align: left;
}
.closed { visibility: hidden; }
.closed .backdrop, .closed .dialog { animation: none; }
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
button, a, input { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
.dialog:focus-visible { outline: none; }
.button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 44px;
  padding: 0 18px; border: 1px solid transparent; border-radius: 999px; font-weight: 600; cursor: pointer;
  background: var(--p-accent); color: var(--p-on-accent); text-decoration: none;
  transition: background-color 150ms var(--p-ease), transform 150ms var(--p-ease);
}
.button:hover { background: color-mix(in srgb, var(--p-accent) 88%, #000); }
.button:active { transform: scale(0.98); }
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
