// The frame's header, notices and the primitives every view shares (rows, pictures, tags, button
// variants), in the frame's chunk: adopted right after the shell (Modal.css.ts), before any view's
// own rules, so a view's rules still come later in the cascade.
export const frameCss = `.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 14px 14px 6px; }
.title { margin: 0; font-size: 16px; font-weight: 650; text-align: center; letter-spacing: -0.01em;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.icon-button {
  display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px;
  border: 0; border-radius: 50%; background: transparent; color: var(--p-muted); cursor: pointer;
  transition: background-color 150ms var(--p-ease), color 150ms var(--p-ease);
}
.icon-button:hover { background: var(--p-surface); color: var(--p-text); }
.header .icon-button:last-child { justify-self: end; }
.body { padding: 8px 16px 16px; overflow-y: auto; overscroll-behavior: contain; }
.notices { display: grid; gap: 8px; padding: 0 16px; }
.notices:empty { display: none; }
.alert, .toast {
  display: flex; align-items: center; gap: 10px; padding: 10px 12px; border-radius: var(--p-radius-m);
  font-size: 14px; font-weight: 500; background: var(--p-surface); border: 1px solid var(--p-border);
  animation: portico-fade 160ms var(--p-ease);
}
.alert { color: var(--p-error); border-color: color-mix(in srgb, var(--p-error) 35%, transparent); }
.alert[data-variant="warning"] { color: var(--p-warning); border-color: color-mix(in srgb, var(--p-warning) 35%, transparent); }
.alert[data-variant="info"] { color: var(--p-text); }
.alert > span, .toast > span { flex: 1; }
.alert .icon-button { width: 28px; height: 28px; color: inherit; }
.toast[data-variant="success"] { color: var(--p-success); }
.toast[data-variant="error"] { color: var(--p-error); }
.list { display: grid; grid-template-columns: minmax(0, 1fr); gap: 6px; margin: 0; padding: 0; list-style: none; }
.row {
  display: flex; align-items: center; gap: 12px; width: 100%; min-height: 56px; padding: 8px 12px;
  border: 1px solid transparent; border-radius: var(--p-radius-m); background: var(--p-surface);
  color: var(--p-text); text-align: left; cursor: pointer; text-decoration: none;
  transition: background-color 150ms var(--p-ease), border-color 150ms var(--p-ease), transform 150ms var(--p-ease);
}
.row:hover { background: var(--p-surface-hover); }
.row:active { transform: scale(0.985); }
.row[aria-current="true"] { border-color: color-mix(in srgb, var(--p-accent) 55%, transparent); }
.row:disabled { cursor: default; opacity: 0.7; }
.row-name { flex: 1; min-width: 0; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.row-end { display: inline-flex; align-items: center; gap: 6px; color: var(--p-muted); font-size: 13px; }
.picture { display: inline-flex; flex: none; width: 36px; height: 36px; border-radius: var(--p-radius-s); overflow: hidden; }
.picture img { display: block; width: 100%; height: 100%; object-fit: cover; }
.picture.round { border-radius: 50%; }
.letter {
  display: inline-flex; align-items: center; justify-content: center; width: 100%; height: 100%;
  background: hsl(var(--p-letter-hue, 240) 55% 42%); color: #fff; font-weight: 700; font-size: 15px;
}
.tag {
  padding: 3px 8px; border-radius: 999px; font-size: 12px; font-weight: 600;
  background: var(--p-accent-soft); color: var(--p-text);
}
.tag.neutral { background: var(--p-base-3); color: var(--p-muted); }
.button.secondary { background: var(--p-surface); color: var(--p-text); border-color: var(--p-border); }
.button.secondary:hover { background: var(--p-surface-hover); }
.button.danger { background: var(--p-surface); color: var(--p-error); border-color: var(--p-border); }
.button.wide { width: 100%; }
.muted { color: var(--p-muted); }
.center { text-align: center; }
.error-text { color: var(--p-error); font-size: 14px; }
.stack { display: grid; gap: 12px; }
.footer { margin: 14px 0 0; text-align: center; font-size: 12px; color: var(--p-muted); }
`
