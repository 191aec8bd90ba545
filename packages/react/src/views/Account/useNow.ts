import { useEffect, useState } from 'react'

/**
 * The current time, renewed every `intervalMs` while `active`, so relative times and countdowns
 * move without a render reading the clock by itself.
 */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, active])
  return now
}
