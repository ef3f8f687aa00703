// The posts module's public entry: what other modules may use of it (decision 050). Another
// module imports from here, never from a file inside (npm run lint:deps checks it).

export type { PostActor, PostWork, PostWriter } from './post-checks';
export { accountWarnings, assertPublishable, assertReadyToQueue, requirePost } from './post-checks';
export { toPost } from './post-view';
export { insertPost, pauseScheduledPosts } from './posts.repository';
export type { SeriesScope } from './posts.routes';
export {
  createPost,
  deletePost,
  listPostsJson,
  newPostRow,
  schedulePost,
  updatePost,
} from './posts.service';
export { composePosts } from './posts-compose.service';
export { holdInQueue, placePost } from './posts-placement.service';
