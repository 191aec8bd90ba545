import { useMemo } from 'react'
import { encode } from 'uqr'

/** Modules of white around the code: the quiet zone phones need to find it. */
export const QR_QUIET_ZONE = 4

/**
 * A QR code as one SVG path of its dark modules, on a white tile in both themes so any phone can
 * read it. Crisp at every size: the path is in module units and scaled by the SVG.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: QR_QUIET_ZONE })
    let d = ''
    qr.data.forEach((row, y) => {
      let x = 0
      while (x < row.length) {
        if (!row[x]) {
          x++
          continue
        }
        // One rectangle per run of dark modules in a row keeps the path short.
        let end = x
        while (row[end + 1]) end++
        d += `M${x} ${y}h${end - x + 1}v1h-${end - x + 1}z`
        x = end + 1
      }
    })
    return { path: d, size: qr.size }
  }, [value])
  return (
    <svg
      className="qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  )
}
