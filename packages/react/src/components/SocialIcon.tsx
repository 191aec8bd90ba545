import type { ReactElement } from 'react'

// Each provider's mark, drawn here as a simple shape of our own in currentColor (no brand files):
// enough to recognise at 20–40 px next to the provider's name, which every control carries too.
const MARKS: Record<string, ReactElement> = {
  // A "G": an open ring with its bar.
  google: (
    <path
      d="M20 12h-8M19.1 8A8 8 0 1 0 20 13.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.6"
      strokeLinecap="round"
    />
  ),
  // Two crossing strokes, one heavier.
  x: (
    <g stroke="currentColor" strokeLinecap="round">
      <path d="M5 4l14 16" strokeWidth="3" />
      <path d="M19 4L5 20" strokeWidth="1.8" />
    </g>
  ),
  // A game pad with two eyes.
  discord: (
    <g>
      <path
        d="M6 6.5c2-1 4-1.5 6-1.5s4 .5 6 1.5c1.6 2.6 2.5 5.6 2.4 10-1.6 1.3-3.3 2.1-5 2.5l-1.2-2c-1.4.3-3 .3-4.4 0l-1.2 2c-1.7-.4-3.4-1.2-5-2.5C3.5 12.1 4.4 9.1 6 6.5z"
        fill="currentColor"
      />
      <circle cx="9" cy="12.2" r="1.5" fill="var(--p-surface, #fff)" />
      <circle cx="15" cy="12.2" r="1.5" fill="var(--p-surface, #fff)" />
    </g>
  ),
  // A round head with two ears and a tail below: a cat in a circle.
  github: (
    <g>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M8 15.5c-.6-1-.8-2-.6-3L7 9.2l2.2 1c1.8-.5 3.8-.5 5.6 0l2.2-1-.4 3.3c.2 1-.1 2-.6 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <path d="M10.5 16.5v3M13.5 16.5v3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </g>
  ),
  // An apple: a round body with a bite and a leaf.
  apple: (
    <g fill="currentColor">
      <path d="M16.5 12.8c0-2 1.4-3 1.6-3.1-1-1.4-2.4-1.6-3-1.6-1.2-.1-2.4.8-3 .8s-1.6-.7-2.7-.7C7.9 8.2 6 9.6 6 12.6c0 1.9.7 3.9 1.6 5.2.8 1.1 1.5 2 2.5 2 1 0 1.4-.6 2.6-.6s1.5.6 2.6.6 1.7-1 2.4-2c.5-.8.8-1.5.9-1.8-1.2-.5-2.1-1.7-2.1-3.2z" />
      <path d="M14.4 6.3c.6-.7 1-1.7.9-2.7-.9.1-1.9.6-2.5 1.3-.5.6-1 1.6-.9 2.6 1 .1 1.9-.5 2.5-1.2z" />
    </g>
  ),
  // A rounded square with an "f".
  facebook: (
    <g>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="currentColor" />
      <path
        d="M14.8 8.2h-1.5c-.9 0-1.3.5-1.3 1.3V21M10 12.6h5"
        fill="none"
        stroke="var(--p-surface, #fff)"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </g>
  ),
  // Farcaster's arch: a rounded square with a gateway cut out of it.
  farcaster: (
    <g>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="currentColor" />
      <path fill="var(--p-surface, #fff)" d="M7 6.5h10v11h-1.6v-4.9a3.4 3.4 0 0 0-6.8 0v4.9H7z" />
    </g>
  ),
}

/** A social provider's mark (decorative: the control next to it names the provider). */
export function SocialIcon({ provider, size = 20 }: { provider: string; size?: number }) {
  const mark = MARKS[provider]
  return (
    <svg
      className="social-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-provider={provider}
    >
      {mark ?? (
        <text x="12" y="16.5" textAnchor="middle" fontSize="13" fontWeight="700" fill="currentColor">
          {provider.slice(0, 1).toUpperCase()}
        </text>
      )}
    </svg>
  )
}
