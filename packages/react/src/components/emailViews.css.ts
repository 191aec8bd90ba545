// Shared by the e-mail login views.
export const emailViewsCss = `
.email-view { display: grid; justify-items: center; gap: 12px; padding: 8px 4px 4px; text-align: center; }
.email-view p { margin: 0; color: var(--p-muted); font-size: 14px; line-height: 1.45; max-width: 300px; overflow-wrap: anywhere; }
.email-view strong { color: var(--p-text); font-weight: 650; }
.email-view h3 { margin: 0; font-size: 17px; font-weight: 650; text-wrap: balance; }
.email-icon { display: inline-flex; align-items: center; justify-content: center; width: 56px; height: 56px; border-radius: 50%; background: var(--p-accent-soft); color: var(--p-text); }
.email-icon svg { width: 26px; height: 26px; }
.otp-label { font-size: 13px; font-weight: 600; color: var(--p-muted); }
.otp-input {
  width: 100%; max-width: 240px; padding: 12px 14px; border: 1px solid var(--p-border); border-radius: var(--p-radius-m);
  background: var(--p-surface); color: var(--p-text); text-align: center; font-size: 28px; font-weight: 650;
  letter-spacing: 0.4em; font-variant-numeric: tabular-nums;
}
.otp-input:focus-visible { outline: none; border-color: var(--p-focus); }
.otp-input[aria-invalid="true"] { border-color: color-mix(in srgb, var(--p-error) 60%, transparent); }
.email-input {
  width: 100%; padding: 12px 14px; border: 1px solid var(--p-border); border-radius: var(--p-radius-m);
  background: var(--p-surface); color: var(--p-text); font-size: 15px;
}
.email-input:focus-visible { outline: none; border-color: var(--p-focus); }
.otp-status { min-height: 18px; font-size: 13px; color: var(--p-muted); }
.email-view .hint.error { margin: 0; color: var(--p-error); font-size: 13px; }
.link-button { border: 0; background: none; color: var(--p-accent); font-weight: 600; cursor: pointer; padding: 6px 8px; border-radius: var(--p-radius-s); }
.link-button:disabled { color: var(--p-muted); cursor: default; }
.email-view .spinner {
  width: 22px; height: 22px; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent;
  animation: portico-spin 800ms linear infinite; color: var(--p-muted);
}
@keyframes portico-spin { to { transform: rotate(360deg); } }
`
