// The bio-page module's public entry (issue 29): the workspace's public page at /@<slug>.
// Another module imports from here, never from a file inside (npm run lint:deps checks it).

export { exportBioPage } from './bio-page.service';
