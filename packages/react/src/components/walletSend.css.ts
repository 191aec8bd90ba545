// Shared by the send views: the form fields, the summary rows and the status block.
export const walletSendCss = `
.send { display: grid; gap: 10px; }
.field {
  display: grid; gap: 6px; padding: 12px 14px; border: 1px solid var(--p-border); border-radius: var(--p-radius-m);
  background: var(--p-surface); transition: border-color 150ms var(--p-ease);
}
.field:focus-within { border-color: var(--p-focus); }
.field[data-invalid="true"] { border-color: color-mix(in srgb, var(--p-error) 60%, transparent); }
.field input:focus-visible { outline: none; }
.field-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; font-size: 13px; color: var(--p-muted); }
.field-head label { font-weight: 600; }
.amount-line { display: flex; align-items: center; gap: 10px; min-width: 0; }
.amount-input {
  flex: 1; min-width: 0; width: 100%; padding: 0; border: 0; background: transparent; color: var(--p-text);
  font-size: 32px; font-weight: 650; letter-spacing: -0.02em; font-variant-numeric: tabular-nums;
}
.amount-input::placeholder, .receiver-input::placeholder { color: color-mix(in srgb, var(--p-muted) 70%, transparent); }
.token-button {
  display: inline-flex; flex: none; align-items: center; gap: 6px; height: 40px; padding: 0 8px 0 4px;
  border: 1px solid var(--p-border); border-radius: 999px; background: var(--p-bg); cursor: pointer; font-weight: 650;
  transition: background-color 150ms var(--p-ease);
}
.token-button:hover { background: var(--p-surface-hover); }
.token-button .picture { width: 30px; height: 30px; }
.token-button .letter { font-size: 13px; }
.token-button svg { color: var(--p-muted); width: 16px; height: 16px; }
.token-button.empty { padding: 0 8px 0 14px; background: var(--p-accent); color: var(--p-on-accent); border-color: transparent; }
.token-button.empty svg { color: inherit; }
.sub-line { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 20px; font-size: 13px; color: var(--p-muted); font-variant-numeric: tabular-nums; }
.balance-line { display: inline-flex; align-items: center; gap: 6px; }
.max {
  height: 24px; padding: 0 8px; border: 0; border-radius: 999px; background: var(--p-accent-soft); color: var(--p-text);
  font-size: 12px; font-weight: 700; cursor: pointer;
}
.max:disabled { opacity: 0.5; cursor: default; }
.receiver-line { display: flex; align-items: center; gap: 8px; }
.receiver-input {
  flex: 1; min-width: 0; padding: 2px 0; border: 0; background: transparent; color: var(--p-text); resize: none;
  font-size: 14px; line-height: 1.4; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all;
}
.field textarea:focus-visible { outline: none; }
.paste {
  height: 28px; padding: 0 10px; border: 1px solid var(--p-border); border-radius: 999px; background: var(--p-bg);
  font-size: 12px; font-weight: 650; cursor: pointer;
}
.hint { margin: 0; font-size: 13px; line-height: 1.35; }
.hint.error { color: var(--p-error); }
.resolved-name { display: flex; align-items: center; gap: 8px; color: var(--p-muted); }
.receiver-avatar {
  width: 24px; height: 24px; border-radius: 50%; flex: none; object-fit: cover;
  background: linear-gradient(135deg, var(--p-avatar-a, #8b8fa3), var(--p-avatar-b, #4b4f63));
}
.resolved-address { min-width: 0; font-size: 12px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all; }
.hint.warning { color: var(--p-warning); }
.fee-row { display: flex; justify-content: space-between; gap: 12px; padding: 2px 4px; font-size: 14px; color: var(--p-muted); }
.fee-row .value { color: var(--p-text); font-weight: 600; font-variant-numeric: tabular-nums; text-align: right; }
.primary { margin-top: 4px; }
.button:disabled { cursor: default; background: var(--p-surface); color: var(--p-muted); border-color: var(--p-border); transform: none; }
.summary { display: grid; gap: 2px; padding: 6px 14px; border: 1px solid var(--p-border); border-radius: var(--p-radius-m); background: var(--p-surface); }
.summary-row { display: flex; align-items: center; justify-content: space-between; gap: 12px; min-height: 40px; font-size: 14px; }
.summary-row + .summary-row { border-top: 1px solid var(--p-border); }
.summary-row > span:first-child { color: var(--p-muted); }
.summary-value { display: inline-flex; align-items: center; gap: 8px; min-width: 0; font-weight: 600; text-align: right; font-variant-numeric: tabular-nums; }
.summary-value .picture { width: 22px; height: 22px; }
.summary-value .letter { font-size: 11px; }
.address { position: relative; border-radius: 6px; cursor: default; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.address .full { display: none; }
.address:hover .short, .address:focus .short { display: none; }
.address:hover .full, .address:focus .full { display: inline; word-break: break-all; }
.hero { display: grid; justify-items: center; gap: 6px; padding: 10px 0 14px; text-align: center; }
.hero .picture { width: 52px; height: 52px; }
.hero .letter { font-size: 22px; }
.hero-amount { margin: 0; font-size: 28px; font-weight: 700; letter-spacing: -0.02em; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.hero-sub { margin: 0; font-size: 14px; color: var(--p-muted); }
.buttons { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 10px; margin-top: 6px; }
.buttons .button { min-width: 96px; padding: 0 14px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.spinner {
  flex: none; width: 18px; height: 18px; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent;
  animation: portico-spin 800ms linear infinite;
}
.status { display: grid; justify-items: center; gap: 10px; padding: 12px 0 8px; text-align: center; }
.status-icon { display: inline-flex; align-items: center; justify-content: center; width: 64px; height: 64px; border-radius: 50%; background: var(--p-accent-soft); color: var(--p-accent); }
.status-icon svg { width: 30px; height: 30px; }
.status-icon .spinner { width: 30px; height: 30px; border-width: 3px; }
.status-icon[data-status="success"] { background: color-mix(in srgb, var(--p-success) 16%, transparent); color: var(--p-success); }
.status-icon[data-status="reverted"] { background: color-mix(in srgb, var(--p-error) 16%, transparent); color: var(--p-error); }
.status-icon[data-status="unknown"] { background: color-mix(in srgb, var(--p-warning) 16%, transparent); color: var(--p-warning); }
.status h3 { margin: 0; font-size: 18px; font-weight: 700; }
.status p { margin: 0; color: var(--p-muted); font-size: 14px; line-height: 1.45; }
.status .hero-amount { font-size: 26px; color: var(--p-text); }
.search {
  display: flex; align-items: center; gap: 8px; height: 44px; padding: 0 12px; margin-bottom: 10px;
  border: 1px solid var(--p-border); border-radius: var(--p-radius-m); background: var(--p-surface); color: var(--p-muted);
}
.search:focus-within { border-color: var(--p-focus); }
.search input { flex: 1; min-width: 0; border: 0; background: transparent; color: var(--p-text); }
.search input:focus-visible { outline: none; }
.token-row .picture { width: 36px; height: 36px; }
.token-name { display: grid; flex: 1; min-width: 0; }
.token-name span:last-child { font-size: 13px; color: var(--p-muted); font-weight: 500; }
.token-amounts { display: grid; justify-items: end; font-variant-numeric: tabular-nums; font-weight: 600; }
.token-amounts span:last-child { font-size: 13px; color: var(--p-muted); font-weight: 500; }
.empty-text { margin: 18px 0; text-align: center; color: var(--p-muted); }
@keyframes portico-spin { to { transform: rotate(360deg); } }
`
