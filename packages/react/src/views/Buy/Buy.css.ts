export const buyCss = `
.buy { display: grid; gap: 12px; }
.buy-intro { margin: 0; font-size: 14px; line-height: 1.45; color: var(--p-muted); overflow-wrap: anywhere; }
.buy-amount {
  display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: end; gap: 10px; padding: 12px 14px;
  border: 1px solid var(--p-border); border-radius: var(--p-radius-m); background: var(--p-surface);
}
.buy-amount:focus-within { border-color: var(--p-focus); }
.buy-amount[data-invalid="true"] { border-color: color-mix(in srgb, var(--p-error) 60%, transparent); }
.buy-amount label { display: grid; gap: 4px; min-width: 0; font-size: 13px; font-weight: 600; color: var(--p-muted); }
.buy-amount input {
  width: 100%; min-width: 0; padding: 0; border: 0; background: transparent; color: var(--p-text);
  font-size: 28px; font-weight: 650; font-variant-numeric: tabular-nums;
}
.buy-amount input:focus-visible { outline: none; }
.buy-amount select {
  height: 40px; padding: 0 10px; border: 1px solid var(--p-border); border-radius: 999px; background: var(--p-bg);
  color: var(--p-text); font: inherit; font-weight: 650; cursor: pointer;
}
.buy-hint { margin: -6px 0 0; padding: 0 4px; font-size: 13px; color: var(--p-error); }
.buy-providers { display: grid; gap: 8px; margin: 0; padding: 0; list-style: none; }
.buy-providers h3 { margin: 0; font-size: 13px; font-weight: 600; color: var(--p-muted); }
.provider-row {
  display: flex; align-items: center; gap: 12px; width: 100%; padding: 12px 14px; border: 1px solid var(--p-border);
  border-radius: var(--p-radius-m); background: var(--p-surface); color: var(--p-text); cursor: pointer; text-align: left;
  transition: background-color 150ms var(--p-ease);
}
.provider-row:hover:not(:disabled) { background: var(--p-surface-hover); }
.provider-row:disabled { cursor: progress; opacity: 0.7; }
.provider-mark {
  display: inline-flex; flex: none; align-items: center; justify-content: center; width: 36px; height: 36px;
  border-radius: 10px; background: color-mix(in srgb, var(--p-accent) 16%, transparent); color: var(--p-accent); font-weight: 700;
}
.provider-text { display: grid; flex: 1; min-width: 0; gap: 2px; }
.provider-name { font-weight: 650; }
.provider-fee { font-size: 13px; color: var(--p-muted); }
.provider-row > svg { flex: none; color: var(--p-muted); }
.buy-status { margin: 0; font-size: 14px; line-height: 1.45; }
.buy-status[data-error="true"] { color: var(--p-error); }
`
