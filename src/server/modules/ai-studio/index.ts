// The AI studio module's public entry (issue 30, decision 094): images, composer actions, platform
// variants, a planned month, the learned voice and reply suggestions. Another module imports from
// here, never from a file inside (npm run lint:deps checks it).

export { deleteStalePlans } from './plan.repository';
export { exportVoiceExamples, loadVoiceExamples } from './voice-examples.repository';
