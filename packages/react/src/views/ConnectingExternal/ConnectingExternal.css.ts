export const connectingCss = `
.connecting { display: grid; justify-items: center; gap: 8px; padding: 16px 4px 4px; text-align: center; }
.ring { position: relative; display: inline-flex; padding: 10px; margin-bottom: 10px; border-radius: 28px; }
.ring::before, .ring::after {
  content: ""; position: absolute; inset: 0; border-radius: inherit; border: 2px solid var(--p-accent);
  animation: portico-ring 1.6s var(--p-ease) infinite;
}
.ring::after { animation-delay: 0.8s; }
.ring[data-state="error"]::before { border-color: var(--p-error); animation: none; opacity: 1; }
.ring[data-state="error"]::after { display: none; }
.ring .picture { width: 72px; height: 72px; border-radius: 20px; }
.ring .letter { font-size: 28px; }
.connecting h3 { margin: 0; font-size: 17px; font-weight: 650; }
.connecting p { margin: 0; color: var(--p-muted); font-size: 14px; max-width: 280px; }
.connecting .error-title { color: var(--p-error); }
.connecting .button { margin-top: 12px; }
@keyframes portico-ring { 0% { opacity: 0.9; transform: scale(1); } 100% { opacity: 0; transform: scale(1.18); } }
@media (prefers-reduced-motion: reduce) { .ring::before { animation: none; opacity: 0.6; } .ring::after { display: none; } }
`
