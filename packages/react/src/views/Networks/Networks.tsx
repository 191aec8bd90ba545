import { NetworkList } from '../../components/NetworkList.js'
import { useNetwork } from '../../hooks/useNetwork.js'
import { useRouter } from '../../hooks/useRouter.js'

/** The site's networks, the active one marked; choosing one switches the wallet to it. */
export function Networks() {
  const { networks } = useNetwork()
  const { route } = useRouter()
  const namespace = route.view === 'Networks' ? route.params?.namespace : undefined
  const listed = namespace ? networks.filter((network) => network.namespace === namespace) : networks
  return <NetworkList networks={listed} markActive />
}
