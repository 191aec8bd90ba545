export const accountCss = `
.account { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; padding-top: 4px; }
.identity { display: grid; justify-items: center; gap: 4px; }
.avatar {
  width: 64px; height: 64px; border-radius: 50%; margin-bottom: 6px;
  background: linear-gradient(135deg, var(--p-avatar-a, #8b8fa3), var(--p-avatar-b, #4b4f63));
  box-shadow: 0 0 0 4px var(--p-surface);
}
img.avatar { object-fit: cover; background: var(--p-surface); }
.name-address { margin: -4px 0 0; font-size: 13px; color: var(--p-muted); font-variant-numeric: tabular-nums; }
.address-line > span { max-width: 260px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.address-line { display: inline-flex; align-items: center; gap: 4px; font-size: 18px; font-weight: 650; font-variant-numeric: tabular-nums; }
.address-line .icon-button { width: 32px; height: 32px; }
.copied { min-height: 18px; margin: 0; font-size: 13px; color: var(--p-success); }
.total { margin: 0; font-size: 30px; font-weight: 700; letter-spacing: -0.02em; font-variant-numeric: tabular-nums; }
.balance { margin: 0; font-size: 15px; font-weight: 500; color: var(--p-muted); font-variant-numeric: tabular-nums; }
.balance.main { font-size: 22px; font-weight: 650; color: var(--p-text); }
.balance-parts { display: flex; flex-wrap: wrap; justify-content: center; gap: 4px 14px; margin: 2px 0 0; font-size: 13px; color: var(--p-muted); font-variant-numeric: tabular-nums; }
.balance-parts div { display: flex; gap: 4px; }
.balance-parts dt::after { content: ':'; }
.balance-parts dd { margin: 0; color: var(--p-text); }
.link-button { border: 0; background: none; padding: 4px 8px; color: var(--p-accent); font-weight: 600; font-size: 14px; cursor: pointer; border-radius: var(--p-radius-s, 8px); }
.link-button:hover { text-decoration: underline; }
.chip {
  display: inline-flex; align-items: center; gap: 8px; height: 36px; padding: 0 10px 0 6px; margin-top: 10px;
  border: 1px solid var(--p-border); border-radius: 999px; background: var(--p-surface); cursor: pointer; font-weight: 600; font-size: 14px;
  transition: background-color 150ms var(--p-ease);
}
.chip:hover { background: var(--p-surface-hover); }
.chip .picture { width: 24px; height: 24px; }
.chip .letter { font-size: 12px; }
.chip svg { color: var(--p-muted); }

.account-types { display: inline-flex; min-width: 0; border: 0; gap: 4px; padding: 4px; margin-top: 8px; border-radius: 999px; background: var(--p-surface); }
.account-type {
  min-height: 32px; padding: 0 14px; border: 0; border-radius: 999px; background: transparent; color: var(--p-muted);
  font-weight: 600; font-size: 14px; cursor: pointer;
}
.account-type:hover { color: var(--p-text); }
.account-note { margin: 8px 0 0; color: var(--p-muted); font-size: 13px; text-align: center; }
.account-type[aria-pressed="true"] { background: var(--p-bg); color: var(--p-text); box-shadow: 0 1px 3px rgba(0, 0, 0, 0.18); }

.features { display: grid; grid-auto-flow: column; grid-auto-columns: 1fr; gap: 8px; }
.feature {
  display: grid; justify-items: center; gap: 6px; padding: 12px 8px; border: 1px solid var(--p-border);
  border-radius: var(--p-radius-m); background: var(--p-surface); color: var(--p-text); font-weight: 600; font-size: 14px; cursor: pointer;
  transition: background-color 150ms var(--p-ease), transform 150ms var(--p-ease);
}
.feature:hover { background: var(--p-surface-hover); }
.feature:active { transform: scale(0.98); }
.feature-icon {
  display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border-radius: 50%;
  background: var(--p-accent-soft); color: var(--p-accent);
}

.assets { display: grid; gap: 10px; }
.tabs { display: flex; gap: 4px; padding: 4px; border-radius: 999px; background: var(--p-surface); }
.tab {
  flex: 1; min-height: 36px; border: 0; border-radius: 999px; background: transparent; color: var(--p-muted);
  font-weight: 600; font-size: 14px; cursor: pointer; transition: background-color 150ms var(--p-ease), color 150ms var(--p-ease);
}
.tab:hover { color: var(--p-text); }
.tab[aria-selected="true"] { background: var(--p-bg); color: var(--p-text); box-shadow: 0 1px 3px rgba(0, 0, 0, 0.18); }
.tab-panel { display: grid; gap: 8px; }
.tabs + .tab-panel { min-height: 120px; }

.token-rows, .activity-rows { display: grid; gap: 2px; margin: 0; padding: 0; list-style: none; }
.token-row, .activity-row {
  display: flex; align-items: center; gap: 12px; min-height: 60px; padding: 8px 10px; border-radius: var(--p-radius-m);
  color: var(--p-text); text-decoration: none;
}
.activity-row.link { transition: background-color 150ms var(--p-ease); }
.activity-row { gap: 10px; padding: 8px 6px; }
.activity-row .row-title { font-size: 14px; }
/* The title is short ("Received"); the amount, which names the token, gets the room. */
.activity-row .row-figures { max-width: 62%; }
.activity-row.link:hover { background: var(--p-surface); }
.token-icon { width: 40px; height: 40px; }
.row-text, .row-figures { display: grid; gap: 2px; min-width: 0; }
.row-text { flex: 1; }
.row-figures { justify-items: end; text-align: right; flex: none; max-width: 55%; }
.row-title { font-weight: 600; font-size: 15px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-variant-numeric: tabular-nums; max-width: 100%; }
.row-sub { font-size: 13px; color: var(--p-muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-variant-numeric: tabular-nums; max-width: 100%; }
.positive { color: var(--p-success); }

.activity-icon {
  position: relative; display: inline-flex; flex: none; align-items: center; justify-content: center;
  width: 40px; height: 40px; border-radius: 50%; background: var(--p-surface); color: var(--p-muted);
}
.activity-icon.in { color: var(--p-success); }
.activity-icon .picture { width: 40px; height: 40px; }
.activity-badge {
  position: absolute; right: -3px; bottom: -3px; display: inline-flex; width: 18px; height: 18px; border-radius: 50%;
  align-items: center; justify-content: center; background: var(--p-base-3); box-shadow: 0 0 0 2px var(--p-bg);
}
.activity-badge svg { width: 12px; height: 12px; }
.activity-icon[data-pending="true"]::after {
  content: ""; position: absolute; inset: -3px; border-radius: 50%;
  border: 2px solid transparent; border-top-color: var(--p-accent); animation: portico-spin 0.9s linear infinite;
}
.status { display: inline-flex; align-items: center; gap: 6px; font-size: 12px; font-weight: 600; }
.status.pending { color: var(--p-accent); }
.status.failed { color: var(--p-error); }
.spinner {
  width: 10px; height: 10px; border-radius: 50%; border: 2px solid var(--p-accent-soft); border-top-color: var(--p-accent);
  animation: portico-spin 0.9s linear infinite;
}
@keyframes portico-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) {
  .spinner, .activity-icon[data-pending="true"]::after { animation-duration: 3s; }
}
.load-more { margin-top: 6px; }

.list-skeleton { display: grid; gap: 8px; }
.list-skeleton > div { height: 56px; border-radius: var(--p-radius-m); background: var(--p-surface); animation: portico-pulse 1.2s ease-in-out infinite; }
.empty { display: grid; gap: 4px; padding: 20px 12px; text-align: center; color: var(--p-muted); font-size: 14px; }
.empty p { margin: 0; line-height: 1.45; }
.empty .empty-title { color: var(--p-text); font-weight: 600; font-size: 15px; }
.notice {
  display: flex; align-items: center; gap: 10px; padding: 10px 12px; border-radius: var(--p-radius-m);
  background: color-mix(in srgb, var(--p-warning) 12%, transparent); color: var(--p-text); font-size: 13px;
}
.notice.error { background: color-mix(in srgb, var(--p-error) 12%, transparent); }
.notice > svg { flex: none; color: var(--p-warning); }
.notice.error > svg { color: var(--p-error); }
.notice-text { flex: 1; display: grid; gap: 2px; }
.notice p { margin: 0; line-height: 1.4; color: var(--p-muted); }
.notice .notice-title { color: var(--p-text); font-weight: 600; }
.button.small { min-height: 34px; padding: 0 12px; font-size: 13px; flex: none; }

.actions { display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px; width: 100%; }
.actions .row { min-height: 52px; font-weight: 600; }
.actions .row svg { color: var(--p-muted); }
.actions .social-account { cursor: default; font-weight: 400; }
.actions .social-account:hover { background: var(--p-surface); }
.actions .social-account:active { transform: none; }
.actions .social-picture { width: 32px; height: 32px; border-radius: 50%; object-fit: cover; flex: none; }
.actions .row.danger { color: var(--p-error); }
.actions .row.danger svg { color: currentColor; }
`
