/**
 * The size the API draws deal pictures at (GET /images/{id}.svg, apps/api media service):
 * set on every <img> so nothing shifts while pictures load.
 */
export const DEAL_IMAGE_SIZE = { width: 800, height: 500 } as const;
