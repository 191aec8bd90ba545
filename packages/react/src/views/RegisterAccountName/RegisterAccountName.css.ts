/** The name form's own parts: the label with its suffix, the hint, suggestions, the signing stack. */
export const registerNameCss = `
.name-field { display: flex; align-items: center; gap: 6px; }
.name-field .email-input { flex: 1; min-width: 0; }
.name-suffix { flex: none; max-width: 45%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--p-muted); font-size: 14px; }
.name-hint { display: flex; align-items: center; gap: 6px; min-height: 18px; margin: 0; font-size: 13px; color: var(--p-muted); }
.name-hint.ok { color: var(--p-success); }
.name-hint.error { color: var(--p-error); }
.name-hint svg, .name-view .name-error svg { flex: none; width: 16px; height: 16px; }
.name-view .name-error { display: flex; gap: 8px; margin: 0; font-size: 13px; color: var(--p-error); }
.name-detail { display: block; margin-top: 2px; color: var(--p-muted); overflow-wrap: anywhere; }
.name-suggestions { display: grid; gap: 6px; }
.name-suggestions h3 { margin: 0; font-size: 13px; font-weight: 600; color: var(--p-muted); }
.name-suggestions ul { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.name-suggestion {
  height: 32px; padding: 0 12px; border: 1px solid var(--p-border); border-radius: 999px;
  background: var(--p-surface); color: var(--p-text); font: inherit; font-size: 13px; font-weight: 600; cursor: pointer;
}
.name-suggestion:hover { background: var(--p-surface-hover); }
.name-stack { display: grid; justify-items: center; gap: 8px; padding: 16px 0; text-align: center; }
.name-stack-title { margin: 0; font-weight: 600; }
.name-stack-name { margin: 0; color: var(--p-muted); overflow-wrap: anywhere; }
.name-steps { margin: 0; padding-left: 20px; text-align: left; font-size: 13px; color: var(--p-muted); }
`
