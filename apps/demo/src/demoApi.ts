/**
 * The Portico server that `npm run demo` starts (balances, activity, analytics, sign-in); unset,
 * the demo works without one and the features that need it are hidden. `?apiUrl=` and
 * `?projectId=` point it elsewhere, e.g. at a server that is down (`?apiUrl=none` runs without one).
 */
export function demoApi(): { apiUrl: string; projectId: string } | undefined {
  const query = new URLSearchParams(window.location.search)
  const apiUrl = query.get('apiUrl') ?? import.meta.env.VITE_PORTICO_API_URL
  const projectId = query.get('projectId') ?? import.meta.env.VITE_PORTICO_PROJECT_ID
  return apiUrl && apiUrl !== 'none' && projectId ? { apiUrl, projectId } : undefined
}
