/** The registered name: a check, the name, what it resolves to, copy and done. */
export const registerNameSuccessCss = `
.name-success { display: grid; justify-items: center; gap: 10px; text-align: center; }
.name-success-icon svg { width: 40px; height: 40px; color: var(--p-success); }
.name-success-title { margin: 0; font-weight: 600; }
.name-success-name { margin: 0; font-size: 18px; font-weight: 600; overflow-wrap: anywhere; }
.name-success-address { margin: 0; font-size: 12px; color: var(--p-muted); overflow-wrap: anywhere; }
`
