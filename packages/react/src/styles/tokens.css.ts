/**
 * Design tokens for `selector` (the modal root or the connect button). Public inputs are the
 * `--portico-*` properties set from theme variables; everything else derives from them, so one
 * accent or radius change restyles every surface. Dark is the default mode (SPEC §3).
 */
export function tokensCss(selector: string): string {
  return `
${selector} {
  --p-accent: var(--portico-accent, #4f46e5);
  --p-on-accent: #ffffff;
  --p-font: var(--portico-font-family, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  --p-radius-base: var(--portico-border-radius, 8px);
  --p-radius-l: calc(var(--p-radius-base) * 3);
  --p-radius-m: calc(var(--p-radius-base) * 2);
  --p-radius-s: calc(var(--p-radius-base) * 1.25);
  --p-mix: var(--portico-color-mix, transparent);
  --p-mix-strength: var(--portico-color-mix-strength, 0%);
  --p-base: #131419;
  --p-base-2: #1c1d24;
  --p-base-3: #262832;
  --p-text: #f3f4f7;
  --p-muted: #a3a6b3;
  --p-border: rgba(255, 255, 255, 0.09);
  --p-error: #f87171;
  --p-success: #4ade80;
  --p-warning: #fbbf24;
  --p-focus: color-mix(in srgb, var(--p-accent) 55%, #ffffff);
  --p-shadow: 0 24px 64px rgba(0, 0, 0, 0.5), 0 2px 8px rgba(0, 0, 0, 0.3);
  --p-backdrop: rgba(4, 5, 10, 0.62);
  --p-bg: var(--p-base);
  --p-surface: var(--p-base-2);
  --p-surface-hover: var(--p-base-3);
  --p-bg: color-mix(in srgb, var(--p-mix) var(--p-mix-strength), var(--p-base));
  --p-surface: color-mix(in srgb, var(--p-mix) var(--p-mix-strength), var(--p-base-2));
  --p-surface-hover: color-mix(in srgb, var(--p-mix) var(--p-mix-strength), var(--p-base-3));
  --p-accent-soft: color-mix(in srgb, var(--p-accent) 22%, transparent);
  --p-ease: cubic-bezier(0.2, 0.8, 0.2, 1);
  color-scheme: dark;
}
${selector}[data-theme="light"] {
  --p-base: #ffffff;
  --p-base-2: #f3f4f7;
  --p-base-3: #e8e9ef;
  --p-text: #15161c;
  --p-muted: #5b5e6c;
  --p-border: rgba(17, 18, 24, 0.1);
  --p-error: #c62828;
  --p-success: #15803d;
  --p-warning: #a15c07;
  --p-focus: var(--p-accent);
  --p-shadow: 0 24px 64px rgba(17, 18, 24, 0.18), 0 2px 8px rgba(17, 18, 24, 0.08);
  --p-backdrop: rgba(17, 18, 24, 0.38);
  --p-accent-soft: color-mix(in srgb, var(--p-accent) 12%, transparent);
  color-scheme: light;
}
`
}
