import { stopRecordedAnvils } from './global-setup'

export default function globalTeardown(): void {
  stopRecordedAnvils()
}
