import type { PlatformPostRules } from '../post-types';

const MB = 1024 * 1024;

/**
 * A Google Business Profile local post (issue 28, decision 090): v4
 * `accounts.locations.localPosts.create` (developers.google.com/my-business/reference/rest/v4/
 * accounts.locations.localPosts):
 * - the text is `summary` ("Description/body of the local post"), at most 1,500 characters
 *   (platformRules.google_business; Google's post editor, as every scheduler documents it:
 *   docs.zernio.com/platforms/google-business, figureout.in/help/managing-posts);
 * - media: "sourceUrl is the only supported data field for a LocalPost MediaItem": Google
 *   downloads the photo from our URL, and no alt text (`description`) is taken;
 * - one photo per post, JPEG or PNG, at most 5 MB, at least 250 x 250 px (ayrshare.com/docs/
 *   media-guidelines/google_business_profile: "Between 10 KB and 5 MB", "JPG and PNG",
 *   "Minimum dimensions: 250 px x 250 px"; Zernio: "Images per post 1"). The 10 KB floor is not
 *   checked: our re-encoded images of flat colour are smaller, and Google's reference names none;
 * - no video: the API's MediaFormat has VIDEO, but videos are not published to a post's "What's
 *   new" through the API ("Videos published to the What's New section via the Google Business
 *   Profile API are not supported", ayrshare.com/docs/apis/post/social-networks/google; Zernio:
 *   "Videos per post: Not supported"); a video goes to the location's photos (media.create), which
 *   is not a post (decision 090);
 * - no first comment: local posts take no comments.
 */
export const googleBusinessPostRules: PlatformPostRules = {
  types: {
    post: {
      minItems: 0,
      maxItems: 1,
      media: 'images',
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB, aspectRatio: null, minWidth: 250 },
      video: null,
      altText: null,
      takesText: true,
    },
  },
  firstComment: null,
};
