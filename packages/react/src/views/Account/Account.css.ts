export const accountCss = `
.account { display: grid; justify-items: center; gap: 6px; padding-top: 4px; }
.avatar {
  width: 72px; height: 72px; border-radius: 50%; margin-bottom: 6px;
  background: linear-gradient(135deg, var(--p-avatar-a, #8b8fa3), var(--p-avatar-b, #4b4f63));
  box-shadow: 0 0 0 4px var(--p-surface);
}
.address-line { display: inline-flex; align-items: center; gap: 4px; font-size: 18px; font-weight: 650; font-variant-numeric: tabular-nums; }
.address-line .icon-button { width: 32px; height: 32px; }
.copied { min-height: 18px; margin: 0; font-size: 13px; color: var(--p-success); }
.balance { margin: 0; font-size: 16px; font-weight: 500; color: var(--p-muted); font-variant-numeric: tabular-nums; }
.chip {
  display: inline-flex; align-items: center; gap: 8px; height: 36px; padding: 0 10px 0 6px; margin: 8px 0 14px;
  border: 1px solid var(--p-border); border-radius: 999px; background: var(--p-surface); cursor: pointer; font-weight: 600; font-size: 14px;
  transition: background-color 150ms var(--p-ease);
}
.chip:hover { background: var(--p-surface-hover); }
.chip .picture { width: 24px; height: 24px; }
.chip .letter { font-size: 12px; }
.chip svg { color: var(--p-muted); }
.actions { display: grid; gap: 8px; width: 100%; }
.actions .row { min-height: 52px; font-weight: 600; }
.actions .row svg { color: var(--p-muted); }
.actions .row.danger { color: var(--p-error); }
.actions .row.danger svg { color: currentColor; }
`
