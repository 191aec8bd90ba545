// Shared by the swap views, on top of the send views' fields, rows and buttons (walletSend.css.ts).
export const swapCss = `
.swap { display: grid; gap: 0; }
.swap .field { gap: 4px; }
.swap .field.receive { background: var(--p-bg); }
.swap .amount-output {
  min-height: 40px; line-height: 40px; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 28px;
}
.swap .amount-output[data-loading="true"] { opacity: 0.55; }
.switch-line { position: relative; height: 8px; display: flex; justify-content: center; z-index: 1; }
.switch {
  position: absolute; top: 50%; transform: translateY(-50%); display: inline-flex; align-items: center; justify-content: center;
  width: 40px; height: 40px; border-radius: 12px; border: 4px solid var(--p-bg); background: var(--p-surface-hover);
  color: var(--p-text); cursor: pointer; transition: transform 200ms var(--p-ease), background-color 150ms var(--p-ease);
}
.switch:hover { transform: translateY(-50%) rotate(180deg); }
.switch svg { width: 18px; height: 18px; }
.swap-details { display: grid; gap: 6px; margin-top: 10px; }
.swap .primary { margin-top: 12px; }
.notice {
  display: grid; gap: 8px; padding: 12px 14px; margin-bottom: 10px; border-radius: var(--p-radius-m); font-size: 14px; line-height: 1.45;
  background: color-mix(in srgb, var(--p-warning) 12%, transparent); border: 1px solid color-mix(in srgb, var(--p-warning) 40%, transparent);
}
.notice p { margin: 0; }
.notice .link-button { justify-self: start; }
.swap .hint { margin-top: 6px; padding: 0 4px; }
.swap-hero { display: grid; gap: 6px; padding: 4px 0 12px; }
.swap-hero-side {
  display: flex; align-items: center; gap: 12px; padding: 12px 14px; border-radius: var(--p-radius-m);
  border: 1px solid var(--p-border); background: var(--p-surface);
}
.swap-hero-side .picture { width: 40px; height: 40px; }
.swap-hero-side .letter { font-size: 17px; }
.swap-hero-side > div { display: grid; min-width: 0; }
.swap-hero-side .label { font-size: 13px; color: var(--p-muted); }
.swap-hero-side .amount { font-size: 22px; font-weight: 700; letter-spacing: -0.01em; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.swap-hero-arrow { display: flex; justify-content: center; color: var(--p-muted); margin: -10px 0; position: relative; }
.swap-hero-arrow span {
  display: inline-flex; width: 32px; height: 32px; align-items: center; justify-content: center; border-radius: 10px;
  background: var(--p-surface-hover); border: 3px solid var(--p-bg);
}
.swap-hero-arrow svg { width: 16px; height: 16px; }
.approve-hint { margin: 4px 0 0; font-size: 13px; line-height: 1.45; color: var(--p-muted); text-align: center; }
.section-title { margin: 12px 4px 6px; font-size: 12px; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; color: var(--p-muted); }
.impact-high { color: var(--p-warning); }
`
