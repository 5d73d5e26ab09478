// Photos: upload addresses, the signed upload and thumbnails.

export const imageRoutes = {};
