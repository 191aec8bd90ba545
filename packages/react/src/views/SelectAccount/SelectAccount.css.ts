// The same gradient the Account view and the connect button draw for an address, at row size.
export const selectAccountCss = `
.account-avatar {
  border-radius: 50%;
  background: linear-gradient(135deg, var(--p-avatar-a, #8b8fa3), var(--p-avatar-b, #4b4f63));
}
`
