import type { ReactElement } from 'react'

// 20 px line icons on a 24 px grid, drawn in currentColor; decorative (aria-hidden) because every
// control that shows one carries its own accessible name.
function Icon({ children }: { children: ReactElement | ReactElement[] }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

/** A bank card: buying with a card. */
export const CardIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 10h18M7 15h4" />
  </Icon>
)
/** × */
export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
)
/** ‹ */
export const BackIcon = () => (
  <Icon>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
)
/** › */
export const ChevronIcon = () => (
  <Icon>
    <path d="M9 5l7 7-7 7" />
  </Icon>
)
/** Two stacked sheets. */
export const CopyIcon = () => (
  <Icon>
    <rect x="9" y="9" width="11" height="11" rx="2.5" />
    <path d="M5 15V6.5A1.5 1.5 0 0 1 6.5 5H15" />
  </Icon>
)
/** ✓ */
export const CheckIcon = () => (
  <Icon>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
)
/** Box with an arrow leaving it. */
export const ExternalLinkIcon = () => (
  <Icon>
    <path d="M14 5h5v5M19 5l-8 8" />
    <path d="M18 14v4a1.5 1.5 0 0 1-1.5 1.5h-10A1.5 1.5 0 0 1 5 18V7.5A1.5 1.5 0 0 1 6.5 6H10" />
  </Icon>
)
/** A wallet. */
export const WalletIcon = () => (
  <Icon>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H17a1 1 0 0 1 1 1v2" />
    <rect x="4" y="8" width="16" height="11" rx="2.5" />
    <circle cx="16" cy="13.5" r="1" />
  </Icon>
)
/** A magnifier. */
export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="6" />
    <path d="M20 20l-4.5-4.5" />
  </Icon>
)
/** A grid of four squares, for "all wallets". */
export const GridIcon = () => (
  <Icon>
    <rect x="4" y="4" width="7" height="7" rx="2" />
    <rect x="13" y="4" width="7" height="7" rx="2" />
    <rect x="4" y="13" width="7" height="7" rx="2" />
    <rect x="13" y="13" width="7" height="7" rx="2" />
  </Icon>
)
/** A door with an arrow, for disconnect. */
export const DisconnectIcon = () => (
  <Icon>
    <path d="M10 5H6.5A1.5 1.5 0 0 0 5 6.5v11A1.5 1.5 0 0 0 6.5 19H10" />
    <path d="M14 8l4 4-4 4M18 12H9" />
  </Icon>
)
/** A triangle with an exclamation mark. */
export const WarningIcon = () => (
  <Icon>
    <path d="M12 4l9 16H3z" />
    <path d="M12 10v4M12 17h.01" />
  </Icon>
)
/** An arrow up and to the right, for sent. */
export const ArrowUpRightIcon = () => (
  <Icon>
    <path d="M7 17L17 7M9 7h8v8" />
  </Icon>
)
/** An arrow down and to the left, for received. */
export const ArrowDownLeftIcon = () => (
  <Icon>
    <path d="M17 7L7 17M15 17H7V9" />
  </Icon>
)
/** Two arrows in a circle, for a transaction that is neither sent nor received. */
export const RepeatIcon = () => (
  <Icon>
    <path d="M17 3l3 3-3 3M4 11V9a3 3 0 0 1 3-3h13M7 21l-3-3 3-3M20 13v2a3 3 0 0 1-3 3H4" />
  </Icon>
)
/** A square with a downward arrow into it, for receive. */
export const ReceiveIcon = () => (
  <Icon>
    <path d="M12 4v10M7.5 9.5L12 14l4.5-4.5" />
    <path d="M5 15v2.5A1.5 1.5 0 0 0 6.5 19h11a1.5 1.5 0 0 0 1.5-1.5V15" />
  </Icon>
)
/** A paper plane, for send. */
export const SendIcon = () => (
  <Icon>
    <path d="M20 4L10.5 13.5M20 4l-6 16-3.5-6.5L4 10z" />
  </Icon>
)

/** An envelope */
export const MailIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Icon>
)

/** Two opposed arrows, for swap and for switching its tokens. */
export const SwapIcon = () => (
  <Icon>
    <path d="M7 4v14M3.5 14.5L7 18l3.5-3.5" />
    <path d="M17 20V6M13.5 9.5L17 6l3.5 3.5" />
  </Icon>
)

/** An "at" sign: an account name. */
export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="4" />
    <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8" />
  </Icon>
)
