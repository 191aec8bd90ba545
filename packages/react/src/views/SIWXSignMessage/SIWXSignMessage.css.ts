export const siwxCss = `
.siwx { display: grid; justify-items: center; gap: 14px; padding: 8px 4px 4px; text-align: center; }
.siwx-pictures { display: inline-flex; align-items: center; margin: 6px 0 2px; }
.siwx-pictures .picture { width: 64px; height: 64px; border-radius: 20px; box-shadow: 0 0 0 4px var(--p-base); }
.siwx-pictures .picture + .picture { margin-left: -12px; }
.siwx-pictures .letter { font-size: 26px; }
.siwx-pictures[data-state="signing"] .picture:last-child { animation: portico-siwx-pulse 1.4s var(--p-ease) infinite; }
.siwx h3 { margin: 0; font-size: 18px; font-weight: 650; overflow-wrap: anywhere; text-wrap: balance; }
.siwx p { margin: 0; color: var(--p-muted); font-size: 14px; line-height: 1.45; max-width: 300px; }
.siwx .siwx-required { color: var(--p-text); font-weight: 600; font-size: 13px; padding: 8px 12px; border-radius: var(--p-radius-s); background: var(--p-surface); }
.siwx .siwx-error { color: var(--p-error); }
.siwx-buttons { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; width: 100%; margin-top: 4px; }
.siwx-buttons .button { min-width: 0; padding: 0 14px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.siwx .spinner {
  flex: none; width: 18px; height: 18px; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent;
  animation: portico-spin 800ms linear infinite;
}
@keyframes portico-spin { to { transform: rotate(360deg); } }
@keyframes portico-siwx-pulse { 50% { transform: translateY(-3px); box-shadow: 0 0 0 4px var(--p-base), 0 0 0 7px var(--p-accent-soft); } }
`
