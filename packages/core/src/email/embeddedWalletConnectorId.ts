/** The id of the embedded wallet's connector (type AUTH) in the adapters that offer it. */
export const EMBEDDED_WALLET_CONNECTOR_ID = 'portico.embedded'
