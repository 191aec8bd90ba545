// The legal checkbox's English texts (`features.legalCheckbox`), added to the page's with the
// checkbox's chunk (see `english.ts`): a site without the checkbox never downloads them.

export const enLegal = {
  legalAgree: 'I agree to the',
  legalAnd: 'and the',
  legalTerms: 'Terms of Service',
  legalPrivacy: 'Privacy Policy',
  legalAgreeEnd: '',
  legalAgreeSite: 'I agree to the terms of this site',
  legalFirst: 'Accept the terms above to connect.',
} as const
