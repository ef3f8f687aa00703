export { INSIGHTS_LAG_MS as INSTAGRAM_INSIGHTS_LAG_MS } from './instagram-insights-simulator';
export { simulatorMediaFetch } from './media-download';
export { registerPlatformSimulator, simulatorFaultsOn } from './platform-simulator';
export { SANDBOX_DELAY_HEADER, SANDBOX_FAULT_HEADER, type SandboxFault } from './sandbox-faults';
export { sandboxFollowers } from './sandbox-followers';
export { listWorkspacesSimulatorKeys } from './sandbox-media';
export { SIMULATOR_CREDENTIALS, simulatorEndpoints } from './simulator-endpoints';
