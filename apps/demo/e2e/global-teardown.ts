import { stopRecordedProcesses } from './global-setup'

export default function globalTeardown(): void {
  stopRecordedProcesses()
}
