export { INSIGHTS_LAG_MS as INSTAGRAM_INSIGHTS_LAG_MS } from './instagram-insights-simulator';
export { simulatorMediaFetch } from './media-download';
export {
  type PlatformSimulatorOptions,
  registerPlatformSimulator,
  simulatorFaultsOn,
} from './platform-simulator';
export {
  SANDBOX_DELAY_HEADER,
  SANDBOX_FAULT_HEADER,
  type SandboxFault,
  sandboxFaults,
} from './sandbox-faults';
export { sandboxFollowers } from './sandbox-followers';
export { listWorkspacesSimulatorKeys, SIMULATOR_KEY_PREFIX } from './sandbox-media';
export { SIMULATOR_CREDENTIALS, simulatedPlatforms, simulatorEndpoints } from './simulator-endpoints';
