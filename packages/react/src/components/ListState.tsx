/**
 * The two states every list of the Account view shows before its rows: a skeleton while the first
 * page loads, and an empty state that says what would be there on which network.
 */

/** Placeholder rows announced as loading to assistive technology. */
export function ListSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div className="list-skeleton" aria-busy="true" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are identical placeholders.
        <div key={index} />
      ))}
    </div>
  )
}

/** An empty list: a title and one line of explanation. */
export function EmptyList({ title, text }: { title: string; text: string }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      <p>{text}</p>
    </div>
  )
}
