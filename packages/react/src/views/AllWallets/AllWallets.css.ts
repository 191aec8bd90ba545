export const allWalletsCss = `
.search {
  display: flex; align-items: center; gap: 8px; height: 44px; padding: 0 12px; margin-bottom: 12px;
  border-radius: var(--p-radius-m); background: var(--p-surface); border: 1px solid var(--p-border);
  color: var(--p-muted); transition: border-color 150ms var(--p-ease);
}
.search:focus-within { border-color: var(--p-focus); }
.search input { flex: 1; min-width: 0; border: 0; outline: none; background: transparent; color: var(--p-text); font-size: 15px; }
.search input::placeholder { color: var(--p-muted); }
.no-result { padding: 24px 8px; text-align: center; }
.no-result strong { display: block; font-size: 15px; }
.no-result span { font-size: 14px; color: var(--p-muted); }
.connect-set { margin: 0; padding: 0; border: 0; min-width: 0; }
.connect-set:disabled .row { opacity: 0.55; }
`
