export { type PlatformSimulatorOptions, registerPlatformSimulator } from './platform-simulator';
export {
  SANDBOX_DELAY_HEADER,
  SANDBOX_FAULT_HEADER,
  type SandboxFault,
  sandboxFaults,
} from './sandbox-faults';
export { SIMULATOR_CREDENTIALS, simulatedPlatforms, simulatorEndpoints } from './simulator-endpoints';
