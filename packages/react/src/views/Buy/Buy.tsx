import {
  getOnrampProviders,
  OnrampError,
  type OnrampProvider,
  openOnramp,
  shortenAddress,
} from '@portico/core'
import { useId, useState } from 'react'
import { ChevronIcon } from '../../components/icons.js'
import { useAccount } from '../../hooks/useAccount.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useStyles } from '../../styles/StyleContext.js'
import { buyCss } from './Buy.css.js'
import { useBuyT } from './buyCatalogue.js'

/** What the fiat amount may be: what the Portico server accepts (at most 2 decimals, under 10 million). */
const AMOUNT = /^\d{1,7}([.,]\d{1,2})?$/

type Status =
  | { kind: 'idle' }
  | { kind: 'opening'; provider: OnrampProvider }
  | { kind: 'opened'; provider: OnrampProvider }
  | { kind: 'failed'; provider: OnrampProvider; error: unknown }

/**
 * Buy with a card (SPEC §9 card purchase): the providers the site registered with and their fee
 * ranges, an amount and a currency to start with, and a click that opens the provider's widget in a
 * new window with the account's address and network, signed by the Portico server.
 */
export function Buy() {
  useStyles(buyCss)
  const portico = usePortico()
  const bt = useBuyT()
  const { address, network } = useAccount()
  // The account and the network are in `useAccount`'s snapshot, so this list follows them.
  const providers = getOnrampProviders(portico)
  const currencies = [...new Set(providers.flatMap((provider) => provider.currencies))]
  const [amount, setAmount] = useState('')
  const [currency, setCurrency] = useState(currencies[0] ?? 'USD')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const amountId = useId()
  if (!address || !network) return null
  if (providers.length === 0) return <p className="buy-status">{bt('none')}</p>

  const amountValid = amount === '' || (AMOUNT.test(amount) && Number(amount.replace(',', '.')) > 0)
  const intro =
    providers.length === 1
      ? bt('intro', {
          address: shortenAddress(address),
          network: network.name,
          provider: providers[0]?.name ?? '',
        })
      : bt('introAny', { address: shortenAddress(address), network: network.name })

  const buy = (provider: OnrampProvider) => {
    if (!amountValid || status.kind === 'opening') return
    // Opened now, in the click, so pop-up blockers allow it; the signed URL follows. The empty page
    // gives up its opener, so the provider's page cannot reach back into this one.
    const popup = window.open('about:blank', '_blank')
    if (popup) popup.opener = null
    setStatus({ kind: 'opening', provider })
    const fiatAmount = amount === '' ? undefined : amount.replace(',', '.')
    const fiatCurrency = provider.currencies.includes(currency) ? currency : undefined
    openOnramp(portico, { provider: provider.id, fiatAmount, fiatCurrency, popup }).then(
      () => setStatus({ kind: 'opened', provider }),
      (error: unknown) => setStatus({ kind: 'failed', provider, error }),
    )
  }

  return (
    <div className="buy">
      <p className="buy-intro">{intro}</p>
      <div className="buy-amount" data-invalid={!amountValid || undefined}>
        <label htmlFor={amountId}>
          {bt('amount')}
          <input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            aria-label={bt('amountLabel')}
            aria-invalid={!amountValid}
            value={amount}
            onChange={(event) => setAmount(event.target.value.trim())}
          />
        </label>
        <select
          aria-label={bt('currency')}
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
        >
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      {!amountValid && <p className="buy-hint">{bt('amountInvalid')}</p>}
      <section className="buy-providers" aria-label={bt('providers')}>
        <h3>{bt('providers')}</h3>
        {providers.map((provider) => {
          const [min, max] = provider.feeRange
          return (
            <button
              key={provider.id}
              type="button"
              className="provider-row"
              aria-label={bt('providerButton', { provider: provider.name, min, max })}
              disabled={!amountValid || status.kind === 'opening'}
              onClick={() => buy(provider)}
            >
              <span className="provider-mark" aria-hidden="true">
                {provider.name.slice(0, 1)}
              </span>
              <span className="provider-text">
                <span className="provider-name">{provider.name}</span>
                <span className="provider-fee">{bt('fee', { min, max })}</span>
              </span>
              <ChevronIcon />
            </button>
          )
        })}
      </section>
      <p
        className="buy-status"
        role="status"
        aria-live="polite"
        data-error={status.kind === 'failed' || undefined}
      >
        {statusText(bt, status)}
      </p>
    </div>
  )
}

function statusText(bt: ReturnType<typeof useBuyT>, status: Status): string {
  if (status.kind === 'idle') return ''
  const provider = status.provider.name
  if (status.kind === 'opening') return bt('opening', { provider })
  if (status.kind === 'opened') return bt('opened', { provider })
  const { error } = status
  if (error instanceof OnrampError) {
    if (error.reason === 'refused') return bt('refused', { provider, reason: error.shortMessage })
    return bt(error.reason, { provider })
  }
  return bt('unavailable', { provider })
}
