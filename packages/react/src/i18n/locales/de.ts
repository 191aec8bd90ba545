import type { Catalogue } from '../messages.js'

// German, informal "du" as most German wallet and web apps address their visitors. Loaded only when
// a site selects `locale="de"`, in its own chunk.

export const de: Catalogue = {
  loading: 'Wird geladen…',
  back: 'Zurück',
  close: 'Schließen',
  closeEmbedded: 'Schließen und zurück zu „{view}“',
  dismiss: 'Hinweis schließen',
  viewFailed:
    'Dieser Teil des Wallet-Fensters konnte nicht geladen werden. Prüfe deine Internetverbindung und versuche es erneut.',
  tryAgain: 'Erneut versuchen',

  titleConnect: 'Wallet verbinden',
  titleAllWallets: 'Alle Wallets',
  titleConnecting: 'Verbindung wird hergestellt',
  titleAccount: 'Konto',
  titleNetworks: 'Netzwerk auswählen',
  titleUnsupportedChain: 'Netzwerk wechseln',

  connectWallet: 'Wallet verbinden',
  connecting: 'Verbinden…',
  wrongNetwork: 'Falsches Netzwerk',
  networkButton: 'Netzwerk: {network}. Netzwerk wechseln',
  accountButton: 'Konto {address}. Konto öffnen',
  accountButtonWithBalance: 'Konto {address}, Guthaben {balance}. Konto öffnen',

  wallets: 'Wallets',
  tagInstalled: 'Installiert',
  tagRecent: 'Zuletzt genutzt',
  allWallets: 'Alle Wallets',
  poweredBy: 'Bereitgestellt von Portico · Open Source',
  noWalletInBrowser: 'In diesem Browser wurde keine Wallet gefunden',
  installWallet:
    'Installiere eine Wallet als Browsererweiterung und lade diese Seite dann neu. Deine Wallet erscheint anschließend hier.',
  searchWallets: 'Wallets durchsuchen',
  searchPlaceholder: 'Wallet suchen',
  walletCountOne: '1 Wallet',
  walletCountOther: '{count} Wallets',
  noWalletFound: 'Keine Wallet gefunden',
  nothingMatches: 'Keine Treffer für „{query}“.',
  noWalletAvailable: 'In diesem Browser ist keine Wallet verfügbar.',
  noAdapters: 'Für diese Website sind keine Wallet-Adapter eingerichtet',
  noAdaptersHelp:
    'Hier können sich noch keine Wallets verbinden. Wenn du diese Website betreibst, füge deiner Portico-Konfiguration einen Wallet-Adapter hinzu.',

  // `yourWallet` stands in for `{name}` below, always after a preposition taking the dative.
  yourWallet: 'deiner Wallet',
  continueIn: 'Weiter in {name}',
  acceptRequest: 'Bestätige die Verbindungsanfrage in deiner Wallet',
  connectionDeclined: 'Verbindung abgelehnt',
  declinedIn: 'Du hast die Anfrage in {name} abgelehnt. Du kannst es erneut versuchen.',
  noAnswer: 'Keine Antwort von der Wallet',
  noAnswerText: 'Die Wallet hat nicht rechtzeitig geantwortet.',
  connectionFailed: 'Verbindung fehlgeschlagen',
  couldNotConnect: 'Die Verbindung mit {name} ist fehlgeschlagen. Du kannst es erneut versuchen.',

  loadingBalance: 'Guthaben wird geladen…',
  copyAddress: 'Adresse kopieren',
  copied: 'Kopiert',
  copyFailed: 'Kopieren nicht möglich. Markiere die Adresse stattdessen von Hand.',
  viewOnExplorer: 'Im Block-Explorer ansehen',
  opensInNewTab: '(öffnet in einem neuen Tab)',
  disconnect: 'Trennen',
  disconnecting: 'Wird getrennt…',

  networks: 'Netzwerke',
  approveInWallet: 'In deiner Wallet bestätigen',
  active: 'Aktiv',
  unsupportedChain:
    'Deine Wallet ist mit einem Netzwerk verbunden, das diese Website nicht unterstützt. Wechsle zu einem dieser Netzwerke, um fortzufahren.',
}
