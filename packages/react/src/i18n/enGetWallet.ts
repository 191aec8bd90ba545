// The Get a wallet view's English texts, added to the page's with the view's chunk (see
// `english.ts`): only a visitor who opens the view downloads them.

export const enGetWallet = {
  whatIsWallet: 'What is a wallet?',
  whatIsWalletText:
    'A wallet keeps the keys of your accounts. Sites ask it to connect and to approve each payment or signature; nobody, this site included, can move your funds without it.',
  getWalletHelp: 'Install one of these, then come back to this page to connect.',
  getWalletNone: 'This site lists no wallet to install.',
  installOn: 'Get {name} for {platform}',
  platformChrome: 'Chrome',
  platformFirefox: 'Firefox',
  platformEdge: 'Edge',
  platformSafari: 'Safari',
  platformIos: 'iPhone',
  platformAndroid: 'Android',
} as const
