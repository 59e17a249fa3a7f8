/** GUI routes of the uploads area (below the GUI base path). */
export const uploadPath = (uploadId: string) => `/user/uploads/upload/id/${encodeURIComponent(uploadId)}`;
