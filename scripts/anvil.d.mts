export interface RunningAnvil {
  chainId: number
  port: number
  url: string
  pid: number
  stop(): Promise<void>
}

export function anvilBinary(): string
export function portInUse(port: number, host?: string): Promise<boolean>
export function waitForChain(url: string, chainId: number, timeoutMs?: number): Promise<void>
export function startAnvil(options: {
  chainId: number
  port: number
  host?: string
  args?: string[]
}): Promise<RunningAnvil>
