// `@portico/embedded-wallet/protocol`: the messages between a page and the embedded-wallet frame.
export const PROTOCOL_VERSION = '1.0.0'
