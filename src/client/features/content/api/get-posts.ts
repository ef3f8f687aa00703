/** Every cached list of posts starts with this key; changing a post invalidates them all. */
export const postsQueryKey = ['posts'] as const;
