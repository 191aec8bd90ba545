export const accountNftsCss = `
.nft-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(128px, 1fr)); gap: 8px; margin: 0; padding: 0; list-style: none; }
.nft-tile { display: grid; gap: 6px; width: 100%; padding: 6px; border: 0; border-radius: var(--p-radius-m); background: var(--p-surface); color: var(--p-text); text-align: left; cursor: pointer; font: inherit; }
.nft-tile:hover { background: var(--p-surface-hover, var(--p-surface)); outline: 1px solid var(--p-border, transparent); }
.nft-tile:focus-visible { outline: 2px solid var(--p-accent); outline-offset: 2px; }
.nft-picture { position: relative; display: grid; place-items: center; aspect-ratio: 1; width: 100%; overflow: hidden; border-radius: calc(var(--p-radius-m) - 4px); background: var(--p-background, var(--p-surface)); }
.nft-image { display: block; width: 100%; height: 100%; }
.nft-picture img { width: 100%; height: 100%; object-fit: cover; }
.nft-picture .letter { display: grid; place-items: center; width: 100%; height: 100%; font-size: 36px; font-weight: 700; color: #fff; background: hsl(var(--p-letter-hue, 220) 45% 45%); }
.nft-count { position: absolute; right: 6px; bottom: 6px; padding: 2px 6px; border-radius: 999px; background: rgba(0, 0, 0, 0.6); color: #fff; font-size: 12px; font-weight: 600; }
.nft-name { overflow: hidden; font-size: 14px; font-weight: 600; white-space: nowrap; text-overflow: ellipsis; }
.nft-collection { overflow: hidden; font-size: 12px; color: var(--p-muted); white-space: nowrap; text-overflow: ellipsis; }
.nft-detail { display: grid; gap: 10px; }
.nft-detail .nft-picture { max-width: 240px; justify-self: center; }
.nft-detail h3 { margin: 0; font-size: 18px; }
.nft-detail p { margin: 0; color: var(--p-muted); font-size: 14px; line-height: 1.45; overflow-wrap: anywhere; }
.nft-facts { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; font-size: 14px; }
.nft-facts dt { color: var(--p-muted); }
.nft-facts dd { margin: 0; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
.nft-back { justify-self: start; }
`
