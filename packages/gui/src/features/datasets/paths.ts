/** GUI routes of the datasets area (below the GUI base path). */
export const datasetPath = (datasetId: string) =>
  `/user/datasets/dataset/id/${encodeURIComponent(datasetId)}`;
