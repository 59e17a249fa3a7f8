// Paths inside an upload: folders joined with "/", the root is the empty path.
export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

export const parentOf = (path: string) => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
