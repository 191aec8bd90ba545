// Public entry of @portico/embedded-wallet: the app-side client. The protocol is its own entry
// (`@portico/embedded-wallet/protocol`), shared with the frame.
export { PROTOCOL_VERSION } from './protocol/index.js'
