export const walletReceiveCss = `
.receive { display: grid; justify-items: center; gap: 12px; }
.qr-tile { padding: 10px; border-radius: var(--p-radius-l); background: #ffffff; box-shadow: 0 0 0 1px var(--p-border); }
.qr { display: block; width: 208px; height: 208px; }
.receive-address {
  display: flex; align-items: center; gap: 8px; width: 100%; padding: 10px 8px 10px 14px;
  border: 1px solid var(--p-border); border-radius: var(--p-radius-m); background: var(--p-surface);
}
.receive-address code {
  flex: 1; min-width: 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px;
  line-height: 1.45; overflow-wrap: anywhere; user-select: all; color: var(--p-text);
}
.receive-address .icon-button { flex: none; }
.copied { min-height: 18px; margin: -8px 0 -6px; font-size: 13px; color: var(--p-success); }
.copied[data-failed="true"] { color: var(--p-error); }
.receive-warning {
  display: flex; gap: 10px; width: 100%; margin: 0; padding: 10px 12px; border-radius: var(--p-radius-m);
  background: color-mix(in srgb, var(--p-warning) 12%, transparent); color: var(--p-text); font-size: 13px; line-height: 1.45;
}
.receive-warning svg { flex: none; color: var(--p-warning); }
.receive-networks { display: grid; gap: 8px; width: 100%; }
.receive-networks h3 { margin: 0; font-size: 13px; font-weight: 600; color: var(--p-muted); }
.receive-networks ul { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.receive-networks li {
  display: inline-flex; align-items: center; gap: 6px; height: 32px; padding: 0 10px 0 4px;
  border: 1px solid var(--p-border); border-radius: 999px; background: var(--p-surface); font-size: 13px; font-weight: 600;
}
.receive-networks .picture { width: 24px; height: 24px; }
.receive-networks .letter { font-size: 11px; }
`
