// The media module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export { findMediaByIds } from './media.repository';
export { deleteMedia, uploadMedia } from './media.service';
export { downloadsMediaByUrl, mediaReachProblem } from './media-reach';
export { posterFileName, signedMediaUrl, thumbnailFileName, toMedia } from './media-view';
export { MediaGoneError, toPublishMedia } from './publish-media';
export { FIT_VIDEO_JOB, FIT_VIDEO_SWEEP_JOB, runVideoFit, sweepVideoFits } from './video-fit.service';
export { requireWorkspaceImages } from './workspace-images';
