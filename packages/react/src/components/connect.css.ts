// .social-skeleton: the social section's place while its code loads (its first row, its row of icons).
export const connectCss = `
.empty { display: grid; justify-items: center; gap: 10px; padding: 20px 8px 8px; text-align: center; }
.empty-icon {
  display: inline-flex; align-items: center; justify-content: center; width: 56px; height: 56px;
  border-radius: 50%; background: var(--p-accent-soft); color: var(--p-text);
}
.empty h3 { margin: 4px 0 0; font-size: 16px; font-weight: 650; }
.empty p { margin: 0; font-size: 14px; color: var(--p-muted); max-width: 280px; }
.social-skeleton { gap: 8px; }
.social-skeleton > .icons { height: 48px; }
.all-wallets .picture { align-items: center; justify-content: center; background: var(--p-base-3); color: var(--p-muted); }
`
