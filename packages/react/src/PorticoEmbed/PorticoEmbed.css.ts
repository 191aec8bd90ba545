import { modalCss } from '../Modal/Modal.css.js'

// The modal's shell, laid out as a block in the page: no overlay, no bottom sheet on small
// screens, no lift-off shadow. The host is as wide as its container, up to the dialog's 360 px.
export const embedCss = `${modalCss}
:host { display: block; width: 100%; max-width: 360px; }
.dialog.embedded { width: 100%; max-height: none; box-shadow: none; animation: none; }
.dialog.embedded.shake { animation: portico-shake 500ms var(--p-ease); }
@media (max-width: 430px) {
  .dialog.embedded { border-radius: var(--p-radius-l); border-bottom: 1px solid var(--p-border); padding-bottom: 0; animation: none; }
  .dialog.embedded.shake { animation: portico-shake 500ms var(--p-ease); }
}
`
